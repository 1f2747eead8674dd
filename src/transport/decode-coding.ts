/**
 * Undoes a gzip content coding (RFC 9110 §8.4.1.3) before the body is decoded as JSON, so that the checks
 * judge the JSON a coded answer carries; whether the request accepted the coding is a check's question
 * (`http.content_encoding_accepted`), not the transport's. Decoding is bounded by the body cap: a gzip bomb
 * stops at the cap and is recorded as an unusable body, never inflated in memory.
 */
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
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
  const codings = cut ? [] : appliedCodings(contentEncoding);
  if (codings.length === 0) return decodeBody(bytes, cut);
  const raw = (bodyError: string): DecodedBody => ({ bodyText: bytes.toString("utf8"), bodyError });
  const unknown = codings.find((c) => !GZIP.has(c));
  if (unknown) return raw(`body in content coding "${unknown}", which cbcheck does not decode`);
  let plain = bytes;
  try {
    for (let i = codings.length - 1; i >= 0; i--)
      plain = await gunzipAsync(plain, { maxOutputLength: maxBytes });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
      return raw(`gzip body decodes to more than ${maxBytes} bytes (the body cap)`);
    return raw(`body is not valid gzip: ${err instanceof Error ? err.message : String(err)}`);
  }
  return decodeBody(plain);
}
