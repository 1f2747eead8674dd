/**
 * What the forwarding path keeps of one exchange: only what it already holds (raw header lists, body bytes,
 * times), so that forwarding does no parsing, hashing or redaction. `toProxied` turns it into the judges'
 * `Proxied`, off the forwarding path (on the judge thread).
 */
import { bearerCredential, keyHash } from "./key-hash.js";
import type { Proxied } from "./proxied.js";

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

/** Hop-by-hop headers (RFC 9110 7.6.1) are the connection's, not the exchange's: never forwarded. */
export const HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "expect",
  "host",
]);

/** `name, value, …` as one lower-case record, hop-by-hop headers left out, repeated ones joined. */
export function headerRecord(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (HOP.has(name)) continue;
    out[name] = out[name] === undefined ? raw[i + 1] : `${out[name]}, ${raw[i + 1]}`;
  }
  return out;
}

function keyInQuery(url: string, key: string | undefined): string[] {
  if (key === undefined || !url.includes("?")) return [];
  const query = new URL(url, "http://x").searchParams;
  return [...query.entries()].filter(([, value]) => value.includes(key)).map(([name]) => name);
}

/** `url` with the key (raw or percent-encoded) replaced by `<redacted>`. */
function redactKey(url: string, key: string | undefined): string {
  if (key === undefined) return url;
  return url.split(key).join("<redacted>").split(encodeURIComponent(key)).join("<redacted>");
}

/** Key hashes of recent credentials: a session sees few keys, and hashing each call's costs as much as judging. */
const hashes = new Map<string, string>();

function hashOf(key: string | undefined): string {
  if (key === undefined) return keyHash(key);
  let hash = hashes.get(key);
  if (hash === undefined) {
    if (hashes.size >= 1024) hashes.clear();
    hash = keyHash(key);
    hashes.set(key, hash);
  }
  return hash;
}

const bytes = (b: Uint8Array | undefined) =>
  b === undefined ? Buffer.alloc(0) : Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** The exchange as the judges read it: the key only as its hash, redacted wherever it was sent. */
export function toProxied(raw: RawExchange): Proxied {
  const headers = headerRecord(raw.rawHeaders);
  const key = bearerCredential(headers.authorization);
  return {
    n: raw.n,
    keyHash: hashOf(key),
    method: raw.method,
    // A key sent in the query too (a client-rule violation) never reaches the report.
    url: redactKey(raw.url, key),
    headers: key === undefined ? headers : { ...headers, authorization: "Bearer <redacted>" },
    body: bytes(raw.body).toString("utf8"),
    keyInQuery: keyInQuery(raw.url, key),
    startedAt: raw.startedAt,
    endedAt: raw.endedAt,
    status: raw.status,
    responseHeaders: headerRecord(raw.responseHeaders),
    responseBody: bytes(raw.responseBody),
    ...(raw.cut !== undefined ? { cut: raw.cut } : {}),
    ...(raw.targetError !== undefined ? { targetError: raw.targetError } : {}),
  };
}
