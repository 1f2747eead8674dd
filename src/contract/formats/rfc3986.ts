/**
 * RFC 3986 `URI` (§3, Appendix A), built rule by rule from its ABNF: JSON Schema's `uri` format. Stricter
 * than ajv-formats, whose pattern lets `scheme:/` be followed by an authority, so that an IP literal
 * (`x:/[::1]`) passes as a path although `[` is no path character (see rfc3986.test.ts). Only ASCII: an IRI
 * (RFC 3987) with characters outside it is not a URI.
 */

// Character classes of Appendix A. ALPHA and HEXDIG are case-insensitive; the whole pattern is not, so that
// the literal `v` of IPvFuture is the only letter spelled both ways.
const ALPHA = "A-Za-z";
const HEX = "[0-9A-Fa-f]";
const UNRESERVED = `${ALPHA}0-9\\-._~`;
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = `%${HEX}${HEX}`;

const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;

const DEC_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])";
const IPV4 = `${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`;
const H16 = `${HEX}{1,4}`;
const LS32 = `(?:${H16}:${H16}|${IPV4})`;
/** The nine alternatives of `IPv6address`, as written in §3.2.2. */
const IPV6 = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `(?:${H16})?::(?:${H16}:){4}${LS32}`,
  `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
  `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
  `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
  `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
  `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
  `(?:(?:${H16}:){0,6}${H16})?::`,
]
  .map((alternative) => `(?:${alternative})`)
  .join("|");
const IPV_FUTURE = `[Vv]${HEX}+\\.[${UNRESERVED}${SUB_DELIMS}:]+`;
const IP_LITERAL = `\\[(?:${IPV6}|${IPV_FUTURE})\\]`;
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*`;
const HOST = `(?:${IP_LITERAL}|${IPV4}|${REG_NAME})`;
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*`;
const AUTHORITY = `(?:${USERINFO}@)?${HOST}(?::[0-9]*)?`;

const PATH_ABEMPTY = `(?:/${SEGMENT})*`;
const PATH_ABSOLUTE = `/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?`;
const PATH_ROOTLESS = `${SEGMENT_NZ}(?:/${SEGMENT})*`;
// hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
const HIER_PART = `(?://${AUTHORITY}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${PATH_ROOTLESS}|)`;
const SCHEME = `[${ALPHA}][${ALPHA}0-9+\\-.]*`;
const QUERY = `(?:${PCHAR}|[/?])*`;

const URI_RE = new RegExp(`^${SCHEME}:${HIER_PART}(?:\\?${QUERY})?(?:#${QUERY})?$`);

/** Whether `text` is an RFC 3986 `URI` (absolute, fragment allowed): JSON Schema `uri`. */
export function isRfc3986Uri(text: string): boolean {
  return URI_RE.test(text);
}
