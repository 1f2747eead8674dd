/**
 * Responses whose body is decoded on first read. A long sequential `schema` round hands each body to the
 * judging worker, which decodes and parses it there: decoding it in the main thread as well would cost that
 * thread about a fifth of each exchange for a value nothing there reads. Any reader still gets exactly what
 * `decodeBody` gives (`bodyText`, `json`, `bodyError`, `containers`): the first read decodes, once.
 */
import { decodeBody } from "./decode-body.js";
import type { RecordedResponse } from "./exchange.js";

/** The raw body of a response not decoded yet, and why it was cut, if it was. */
export interface UndecodedBody {
  bytes: Buffer;
  truncatedReason?: string;
}

const UNDECODED = new WeakMap<RecordedResponse, UndecodedBody>();
const BODY_FIELDS = ["bodyText", "json", "bodyError", "containers", "members"] as const;

/** Decodes a lazy response's body into plain data properties: only those the decoding sets, as the eager path. */
function decodeNow(response: RecordedResponse): void {
  const raw = UNDECODED.get(response);
  if (!raw) return;
  UNDECODED.delete(response);
  const { durationMs } = response;
  for (const field of [...BODY_FIELDS, "durationMs"] as const) delete response[field];
  // In the eager path's order: status, headers, the body fields, durationMs.
  Object.assign(response, decodeBody(raw.bytes, raw.truncatedReason), { durationMs });
}

/**
 * The accessors of the body fields, one set shared by every lazy response (objects with the same accessor
 * functions share one hidden class: defining them stays cheap on the hot path).
 */
const LAZY_FIELDS: PropertyDescriptorMap = Object.fromEntries(
  BODY_FIELDS.map((field) => [
    field,
    {
      enumerable: true,
      configurable: true,
      get(this: RecordedResponse) {
        decodeNow(this);
        return this[field];
      },
      set(this: RecordedResponse, value: unknown) {
        decodeNow(this);
        Object.assign(this, { [field]: value });
      },
    },
  ]),
);

/** A response whose `bodyText`, `json`, `bodyError` and `containers` are decoded from `bytes` when first read. */
export function lazyResponse(
  base: Pick<RecordedResponse, "status" | "headers">,
  bytes: Buffer,
  truncatedReason: string | undefined,
  durationMs: number,
): RecordedResponse {
  const response = Object.defineProperties({ status: base.status, headers: base.headers }, LAZY_FIELDS);
  (response as RecordedResponse).durationMs = durationMs;
  UNDECODED.set(
    response as RecordedResponse,
    truncatedReason === undefined ? { bytes } : { bytes, truncatedReason },
  );
  return response as RecordedResponse;
}

/** The raw body of a response nothing has read yet (then decoding it elsewhere saves this thread the work). */
export function undecodedBody(response: RecordedResponse | undefined): UndecodedBody | undefined {
  return response && UNDECODED.get(response);
}
