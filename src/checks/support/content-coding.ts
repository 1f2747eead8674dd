/**
 * RFC 9110 content-coding negotiation, as a client judges a response: which codings a request's
 * `Accept-Encoding` accepted (§12.5.3). Which codings a `Content-Encoding` applied (§8.4) is the transport's
 * `appliedCodings`, the same reading it decodes by.
 */

/** One `Accept-Encoding` entry: a coding (lower case, `*` included) and its weight. */
interface Accepted {
  coding: string;
  q: number;
}

/** `x-gzip` is gzip (RFC 9110 §8.4.1.3: "A recipient SHOULD consider x-gzip to be equivalent to gzip"). */
const canonical = (coding: string): string => (coding === "x-gzip" ? "gzip" : coding);

function weight(params: string[]): number {
  for (const p of params) {
    const m = /^q\s*=\s*([0-9.]+)$/i.exec(p.trim());
    if (m) {
      const q = Number(m[1]);
      return Number.isFinite(q) ? q : 1;
    }
  }
  return 1;
}

/** The entries of an `Accept-Encoding` field value (empty list for an empty value). */
function parseAcceptEncoding(value: string): Accepted[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
    .map((item) => {
      const [coding, ...params] = item.split(";");
      return { coding: canonical(coding.trim().toLowerCase()), q: weight(params) };
    });
}

/**
 * Whether `coding` is acceptable under an `Accept-Encoding` field value (RFC 9110 §12.5.3): a listed coding
 * with a non-zero weight; `*` for codings not listed; `identity` unless refused by `identity;q=0` or by
 * `*;q=0` without an `identity` entry. An empty value accepts `identity` only; no field accepts anything.
 */
export function isCodingAccepted(coding: string, acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return true;
  const wanted = canonical(coding.toLowerCase());
  const entries = parseAcceptEncoding(acceptEncoding);
  const listed = entries.find((e) => e.coding === wanted);
  if (listed) return listed.q > 0;
  const star = entries.find((e) => e.coding === "*");
  if (wanted === "identity") return star === undefined || star.q > 0;
  return star !== undefined && star.q > 0;
}
