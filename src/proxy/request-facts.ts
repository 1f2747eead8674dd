/**
 * What the judges derive from a request line and its header list: the key's hash, the URL and headers with
 * the key redacted, where else the key was sent, and the request's part of the verdict memo's key. Live
 * traffic repeats a few request lines and header sets over and over (a client's calls differ in path and
 * query, rarely in headers), so each distinct one is derived once and kept (a bounded cache).
 */
import { bearerCredential, keyHash } from "./key-hash.js";

/** The request's facts for the judges; shared by every exchange with the same request line and headers. */
export interface RequestFacts {
  /** First 8 hex of the key's sha256, or `none`. */
  keyHash: string;
  /** Path and query, the key replaced by `<redacted>` wherever it was sent. */
  url: string;
  /** Lower-case record, hop-by-hop headers left out, `authorization` as `Bearer <redacted>` (frozen: shared). */
  headers: Readonly<Record<string, string>>;
  /** Query parameter names whose value holds the key (frozen: shared). */
  keyInQuery: string[];
  /**
   * The request's part of the verdict memo's key: equal for requests equal in everything the checks read of
   * them but the body (method, redacted URL, headers but volatile ones), different otherwise.
   */
  memoId: number;
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

/** Request headers that differ between otherwise equal requests and that no check reads. */
const VOLATILE_REQUEST_HEADERS = new Set(["content-length", "connection", "keep-alive"]);

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

/** Memo ids by the text they stand for; cleared with the cache (ids are never reused: the count goes on). */
const memoIds = new Map<string, number>();
let memoIdCount = 0;

function memoIdOf(text: string): number {
  let id = memoIds.get(text);
  if (id === undefined) {
    id = ++memoIdCount;
    memoIds.set(text, id);
  }
  return id;
}

function derive(method: string, rawUrl: string, rawHeaders: readonly string[]): RequestFacts {
  const record = headerRecord(rawHeaders);
  const key = bearerCredential(record.authorization);
  const url = redactKey(rawUrl, key);
  const headers = key === undefined ? record : { ...record, authorization: "Bearer <redacted>" };
  let memoKey = `${method} ${url}`;
  for (const name of Object.keys(headers).sort())
    if (!VOLATILE_REQUEST_HEADERS.has(name)) memoKey += `\n${name}:${headers[name]}`;
  return {
    keyHash: keyHash(key),
    // A key sent in the query too (a client-rule violation) never reaches the report.
    url,
    headers: Object.freeze(headers),
    keyInQuery: Object.freeze(keyInQuery(rawUrl, key)) as string[],
    memoId: memoIdOf(memoKey),
  };
}

interface Cached {
  method: string;
  url: string;
  rawHeaders: readonly string[];
  facts: RequestFacts;
}

/** Distinct request lines and header sets kept: past it the cache starts over (a key hash costs ~2 µs). */
const SIZE = 4096;
const cache = new Map<string, Cached>();

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The facts of a request line and header list (derived on first sight, then reused). */
export function requestFacts(method: string, url: string, rawHeaders: readonly string[]): RequestFacts {
  // Newlines cannot occur in a request line or a header (the HTTP parser refuses them), but the cached entry
  // is compared in full anyway: a hit is always the same request line and the same header list.
  const id = `${method} ${url}\n${rawHeaders.join("\n")}`;
  const hit = cache.get(id);
  if (hit && hit.method === method && hit.url === url && sameList(hit.rawHeaders, rawHeaders))
    return hit.facts;
  const facts = derive(method, url, rawHeaders);
  if (cache.size >= SIZE) {
    cache.clear();
    memoIds.clear();
  }
  cache.set(id, { method, url, rawHeaders: [...rawHeaders], facts });
  return facts;
}
