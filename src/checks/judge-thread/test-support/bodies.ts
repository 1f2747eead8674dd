/**
 * Large response bodies for the judging worker's tests and benchmarks: a valid resolve envelope padded
 * past the in-thread size, invalid ones, and one that is slow to judge though every cap holds.
 */
import { decodeBody } from "../../../transport/decode-body.js";
import type { Exchange, OperationId } from "../../../transport/exchange.js";
import { envelope } from "../../test-support/exchanges.js";

/** A resolve envelope around `data` asking for "Acme" (the query of `exchangeWith`). */
const resolveEnvelope = (data: unknown, warnings: string[] = []) =>
  envelope(data, { coverage: { requested: ["Acme"], missing: [], reason: null }, warnings });

/** A valid resolve envelope of about `kib` KiB (long warnings, which the contract does not bound). */
export function validResolveBody(kib: number): string {
  const warnings = Array.from({ length: Math.ceil(kib / 4) }, (_, i) => `warning ${i} ${"w".repeat(4000)}`);
  const data = [{ id: "cb:org:123456789", type: "org", name: "Acme AS", score: 0.9 }];
  return JSON.stringify({ ...resolveEnvelope(data, warnings), entities: ["cb:org:123456789"] });
}

/** A resolve envelope whose `data` holds `count` invalid candidates (wrong types, extra fields). */
export function invalidResolveBody(count: number): string {
  const item = { id: "cb:org:1", type: "ship", name: 7, score: "high", extra: [1, 2, 3] };
  return JSON.stringify(resolveEnvelope(Array.from({ length: count }, () => item)));
}

/**
 * Members of the slow-to-judge body: just within the structure bounds (`MAX_MEMBERS`, 500,000), yet its
 * schema checks take some 10 to 30 s in-process on a shared two-core machine (validate's about 2 s).
 */
export const SLOW_KEYS = 450_000;

/**
 * One object with `keys` members: a single container, so no structure cap applies, yet the schema checks
 * take seconds (about 8 s for 300,000 keys on a shared two-core machine).
 */
export function manyKeysBody(keys: number): string {
  const members = Array.from({ length: keys }, (_, i) => `"k${i}":1`);
  return `{${members.join(",")}}`;
}

/** An exchange as the transport records it: a 200 with `body` to a GET of `path`. */
export function exchangeWith(
  body: string | Buffer,
  operation: OperationId = "resolve",
  path = "/resolve",
): Exchange {
  return {
    operation,
    request: { method: "GET", baseUrl: "http://127.0.0.1:1/v1", path, query: { query: "Acme" }, headers: {} },
    response: {
      status: 200,
      headers: { "content-type": "application/json" },
      ...decodeBody(Buffer.from(body)),
      durationMs: 1,
    },
  };
}
