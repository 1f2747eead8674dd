/**
 * The content coding of a reply (RFC 9110 §8.4, §12.5.3): gzip when the request's `Accept-Encoding` accepts it,
 * identity otherwise — or gzip on every reply under the seeded bug `gzip-regardless`. The server's own reading
 * of the field, independent of the checks' (src/checks/support/content-coding.ts).
 */
import { gzipSync } from "node:zlib";

/** Whether `Accept-Encoding` accepts gzip: listed (or `x-gzip`) with a non-zero weight, or `*` not refused. */
export function acceptsGzip(field: string | undefined): boolean {
  // The common cases first: cbcheck sends `identity`, load tools send nothing.
  if (field === undefined || field === "identity" || field === "") return false;
  let star = false;
  for (const item of field.split(",")) {
    const [name, ...params] = item.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const weighted = q === undefined || Number(q.slice(2)) > 0;
    if (name === "gzip" || name === "x-gzip") return weighted;
    if (name === "*") star = weighted;
  }
  return star;
}

/** The bytes to write and the coding header, if any. */
export interface CodedBody {
  body: string | Buffer;
  headers: Readonly<Record<string, string>>;
}

const UNCODED: Readonly<Record<string, string>> = Object.freeze({});

/** The reply body as written: gzip-coded when accepted (or `always`), as is otherwise. */
export function codeBody(
  text: string | Buffer,
  acceptEncoding: string | undefined,
  always: boolean,
): CodedBody {
  const negotiated = acceptEncoding !== undefined;
  if (!always && !acceptsGzip(acceptEncoding)) return { body: text, headers: UNCODED };
  return {
    body: gzipSync(text),
    // The coding depends on the request's Accept-Encoding (RFC 9110 §12.5.5).
    headers: { "content-encoding": "gzip", ...(negotiated ? { vary: "accept-encoding" } : {}) },
  };
}
