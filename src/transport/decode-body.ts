/**
 * Turns raw response bytes into the text and JSON of a `RecordedResponse`, recording (never throwing)
 * why a body is not usable JSON: invalid UTF-8, empty, or a parse error.
 */
import { isUtf8 } from "node:buffer";
import { countContainers, MAX_CONTAINERS } from "../bounded-json.js";

/** What a body decodes to; `bodyError` says why `json` is absent. */
export interface DecodedBody {
  bodyText: string;
  json?: unknown;
  bodyError?: string;
  /** Set when the body was left unparsed for holding more than MAX_CONTAINERS arrays and objects. */
  containers?: number;
}

/** Decodes bytes as UTF-8 and parses JSON; `truncatedReason` marks a body that did not arrive whole. */
export function decodeBody(bytes: Buffer, truncatedReason?: string): DecodedBody {
  // isUtf8 (simdutf) then toString is much cheaper than a fatal TextDecoder on every response.
  const bodyText = bytes.toString("utf8");
  if (!isUtf8(bytes)) return { bodyText, bodyError: "body is not valid UTF-8" };
  if (truncatedReason) return { bodyText, bodyError: `body truncated: ${truncatedReason}` };
  if (bodyText.length === 0) return { bodyText, bodyError: "body is empty" };
  // Parsing millions of `{}` costs hundreds of MiB: a body no response of the contract comes near is counted
  // (a scan, no allocation) and judged by that count instead (check response.structure_bounded).
  const containers = countContainers(bodyText);
  if (containers > MAX_CONTAINERS)
    return {
      bodyText,
      bodyError: `body not parsed: it opens more than ${MAX_CONTAINERS} arrays and objects`,
      containers,
    };
  try {
    return { bodyText, json: JSON.parse(bodyText) };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { bodyText, bodyError: `body is not JSON: ${reason}` };
  }
}
