/**
 * Undoes a gzip content coding (RFC 9110 §8.4.1.3) before the body is decoded as JSON, so that the checks
 * judge the JSON a coded answer carries; whether the request accepted the coding is a check's question
 * (`http.content_encoding_accepted`), not the transport's. Decoding is bounded by the body cap: a gzip bomb
 * stops at the cap and is recorded as an unusable body, never inflated in memory.
 */
import { promisify } from "node:util";
import { gunzip, gunzipSync } from "node:zlib";
import { type DecodedBody, decodeBody } from "./decode-body.js";

const gunzipAsync = promisify(gunzip);

/** Codings this transport undoes (`x-gzip` is gzip: RFC 9110 §8.4.1.3). */
const GZIP = new Set(["gzip", "x-gzip"]);

/** The codings a `Content-Encoding` value says were applied, in order, lower case; `identity` left out. */
export function appliedCodings(field: string | undefined): string[] {
  if (field === undefined) return [];
  return field
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c.length > 0 && c !== "identity");
}

/** The codings to undo, or the body as recorded when there is nothing to undo or it cannot be undone. */
function codingsToUndo(bytes: Buffer, cut: string | undefined, contentEncoding: string | undefined) {
  const codings = cut ? [] : appliedCodings(contentEncoding);
  if (codings.length === 0) return decodeBody(bytes, cut);
  const unknown = codings.find((c) => !GZIP.has(c));
  if (unknown) return raw(bytes, `body in content coding "${unknown}", which cbcheck does not decode`);
  return codings;
}

function raw(bytes: Buffer, bodyError: string): DecodedBody {
  return { bodyText: bytes.toString("utf8"), bodyError };
}

/** Why gunzip failed, as the recorded body says it. */
function notUndone(bytes: Buffer, err: unknown, maxBytes: number): DecodedBody {
  if ((err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
    return raw(bytes, `gzip body decodes to more than ${maxBytes} bytes (the body cap)`);
  return raw(bytes, `body is not valid gzip: ${err instanceof Error ? err.message : String(err)}`);
}

/**
 * The body as `decodeBody` records it, after undoing each gzip coding named by `contentEncoding` (last applied
 * first), each bounded by `maxBytes`. A body in a coding cbcheck does not undo, a corrupt gzip stream or one
 * that decodes past `maxBytes` keeps its raw text with a `bodyError` saying why.
 */
export async function decodeCodedBody(
  bytes: Buffer,
  cut: string | undefined,
  contentEncoding: string | undefined,
  maxBytes: number,
): Promise<DecodedBody> {
  const codings = codingsToUndo(bytes, cut, contentEncoding);
  if (!Array.isArray(codings)) return codings;
  let plain = bytes;
  try {
    for (let i = codings.length - 1; i >= 0; i--)
      plain = await gunzipAsync(plain, { maxOutputLength: maxBytes });
  } catch (err) {
    return notUndone(bytes, err, maxBytes);
  }
  return decodeBody(plain);
}

/** `decodeCodedBody` in one synchronous call, for a thread that only judges (the proxy's judge thread). */
export function decodeCodedBodySync(
  bytes: Buffer,
  cut: string | undefined,
  contentEncoding: string | undefined,
  maxBytes: number,
): DecodedBody {
  const codings = codingsToUndo(bytes, cut, contentEncoding);
  if (!Array.isArray(codings)) return codings;
  let plain = bytes;
  try {
    for (let i = codings.length - 1; i >= 0; i--) plain = gunzipSync(plain, { maxOutputLength: maxBytes });
  } catch (err) {
    return notUndone(bytes, err, maxBytes);
  }
  return decodeBody(plain);
}
