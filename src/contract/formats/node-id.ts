/**
 * The `cbcheck-node-id` format: a node id a client can be expected to send (Resources / Identifiers):
 * `cb:<type>:<key>` with a type of the contract, an organisation's key exactly 9 digits, and any other key
 * plain text (plain-text.ts). Like plain text it is a preference, never a contract rule: request schemas name
 * it only in `x-cbcheck-preferred`, so an id within the stated bounds that is not of this form ("hello",
 * `cb:org:123`, `cb:unknown:x`) is *open* — a server may list it in `coverage.missing` or refuse it as a wrong
 * format.
 */
import { isPlainText } from "./plain-text.js";

/** The format's name, as the request schemas spell it. */
export const NODE_ID_FORMAT = "cbcheck-node-id";

const ORG_KEY = /^[0-9]{9}$/;

/** The format's test over the contract's node types. */
export function nodeIdTest(nodeTypes: readonly string[]): (id: string) => boolean {
  const types = new Set(nodeTypes);
  return (id) => {
    if (!id.startsWith("cb:")) return false;
    const end = id.indexOf(":", 3);
    if (end < 0) return false;
    const type = id.slice(3, end);
    const key = id.slice(end + 1);
    if (!types.has(type)) return false;
    return type === "org" ? ORG_KEY.test(key) : isPlainText(key);
  };
}
