/**
 * Reuse of verdicts for repeated answers. Checks are pure functions of (request, response); under load
 * the same request gets the same answer except for the envelope's `request_id`, which checks judge only
 * by its format (Response envelope: "request_id | string, uuid | required"). So when the id is a
 * well-formed uuid, a body equal up to that id, with the same status and headers, gets the same verdict.
 * A malformed id, or any other difference, is always checked in full.
 */
import { Lru } from "../../lru.js";
import type { CheckFailure } from "../check.js";

/** Headers that differ between otherwise equal responses and that no check reads. */
const VOLATILE_HEADERS = new Set(["date", "content-length", "connection", "keep-alive"]);
const REQUEST_ID = /^\{"contract":"[^"]*","request_id":"([^"]*)"/;
/** The uuid form ajv-formats accepts for `format: uuid`. */
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const SIZE = 1024;

/**
 * A body (text, or its UTF-8 bytes) whose `request_id` (a well-formed uuid) sits at [idStart, idEnd), in
 * characters of the text or bytes of the bytes.
 */
export interface MaskedBody {
  body: string | Buffer;
  idStart: number;
  idEnd: number;
}

/**
 * Where a well-formed `request_id` sits in the body; undefined when the verdict cannot be reused. Bytes are
 * read as latin1 (one character per byte, so positions are byte offsets) and never decoded whole: equal bytes
 * around an ASCII id decode to equal text around it, so a byte-equal body is a text-equal body.
 */
export function maskRequestId(body: string | Buffer): MaskedBody | undefined {
  const head = typeof body === "string" ? body.slice(0, 200) : body.toString("latin1", 0, 200);
  const m = REQUEST_ID.exec(head);
  if (!m || !UUID.test(m[1])) return undefined;
  const idStart = m[0].length - m[1].length - 1;
  return { body, idStart, idEnd: idStart + m[1].length };
}

/** Equal up to the request ids. Slices share their parent string and bytes are compared in place: no copies. */
function sameUpToId(a: MaskedBody, b: MaskedBody): boolean {
  if (a.body.length !== b.body.length || a.idStart !== b.idStart || a.idEnd !== b.idEnd) return false;
  if (typeof a.body === "string" || typeof b.body === "string")
    return (
      typeof a.body === "string" &&
      typeof b.body === "string" &&
      a.body.slice(0, a.idStart) === b.body.slice(0, b.idStart) &&
      a.body.slice(a.idEnd) === b.body.slice(b.idEnd)
    );
  const n = a.body.length;
  return (
    a.body.compare(b.body, 0, a.idStart, 0, a.idStart) === 0 &&
    a.body.compare(b.body, a.idEnd, n, a.idEnd, n) === 0
  );
}

/** The request (its index in a mix, or its own key) with the status and the headers checks may read, as one key. */
export function responseKey(index: number | string, status: number, headers: Record<string, string>): string {
  let key = `${index}|${status}`;
  for (const name of Object.keys(headers).sort()) {
    if (!VOLATILE_HEADERS.has(name)) key += `|${name}:${headers[name]}`;
  }
  return key;
}

/**
 * `responseKey` from a raw `name, value, …` list, in the order sent (no record, no sort): equal lists give
 * equal keys; the same headers in another order give another key, and so only a memo miss.
 */
export function responseListKey(index: number | string, status: number, raw: readonly string[]): string {
  let key = `${index}|${status}`;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (!VOLATILE_HEADERS.has(name)) key += `|${name}:${raw[i + 1]}`;
  }
  return key;
}

/** The last verdict per request and response shape (a bounded map, the least recently used out first). */
export class VerdictMemo<T = CheckFailure> {
  readonly #map = new Lru<string, { masked: MaskedBody; failures: T[] }>(SIZE);
  /** Verdicts reused. */
  hits = 0;

  /** The remembered verdict for this exact masked body, if any. */
  lookup(key: string, masked: MaskedBody): T[] | undefined {
    const known = this.#map.peek(key);
    if (!known || !sameUpToId(known.masked, masked)) return undefined;
    this.hits++;
    return known.failures;
  }

  /** Remembers the verdict of a masked body, when it is clean. */
  remember(key: string, masked: MaskedBody, failures: T[]): void {
    // Only clean verdicts are reused: findings quote the response they were found in (its request_id).
    if (failures.length > 0) return;
    this.#map.set(key, { masked, failures });
  }
}
