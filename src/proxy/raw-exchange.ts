/**
 * What the forwarding path keeps of one exchange: only what it already holds (raw header lists, body bytes,
 * times), so that forwarding does no parsing, hashing or redaction. `toProxied` turns it into the judges'
 * `Proxied`, off the forwarding path (on the judge thread).
 */
import type { Proxied } from "./proxied.js";
import { headerRecord, type RequestFacts, requestFacts } from "./request-facts.js";

/** One exchange as forwarded; structured-cloneable (posted to the judge thread). */
export interface RawExchange {
  n: number;
  method: string;
  /** Path and query as the client sent them (the key may be in it: redacted by `toProxied`). */
  url: string;
  /** The client's request headers, `name, value, …` as sent (hop-by-hop ones included). */
  rawHeaders: string[];
  /** The request body's first bytes (up to the cap), or undefined without a body. */
  body?: Uint8Array;
  startedAt: number;
  endedAt: number;
  status: number;
  /** The target's response headers as forwarded, `name, value, …` (hop-by-hop ones left out). */
  responseHeaders: string[];
  /** The response body's first bytes (up to the cap). */
  responseBody?: Uint8Array;
  cut?: string;
  targetError?: Proxied["targetError"];
}

const bytes = (b: Uint8Array | undefined) =>
  b === undefined ? Buffer.alloc(0) : Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/**
 * The exchange as the judges read it: the key only as its hash, redacted wherever it was sent. `facts`: the
 * request's, when the caller already has them.
 */
export function toProxied(
  raw: RawExchange,
  facts: RequestFacts = requestFacts(raw.method, raw.url, raw.rawHeaders),
): Proxied {
  return {
    n: raw.n,
    keyHash: facts.keyHash,
    method: raw.method,
    url: facts.url,
    headers: facts.headers,
    body: raw.body === undefined ? "" : bytes(raw.body).toString("utf8"),
    keyInQuery: facts.keyInQuery,
    startedAt: raw.startedAt,
    endedAt: raw.endedAt,
    status: raw.status,
    responseHeaders: headerRecord(raw.responseHeaders),
    responseBody: bytes(raw.responseBody),
    ...(raw.cut !== undefined ? { cut: raw.cut } : {}),
    ...(raw.targetError !== undefined ? { targetError: raw.targetError } : {}),
  };
}
