/**
 * The readings of a query string sent exactly as written (a planned request's `rawQuery`). The contract says
 * only that parameters are "sent in the query string"; it names no encoding, so a raw `+` may be a space (HTML
 * form encoding) or a `+` (RFC 3986), and malformed percent-encoding (`%ZZ`) may be refused or kept as written
 * (WHATWG URLSearchParams, Python's parse_qs). A request is judged under every reading (request-class.ts).
 */

/** How a server may read a raw query string. */
export type QueryReading = "form" | "rfc3986" | "lenient";

/** Every reading, the one the transport's own encoding agrees with first. */
export const QUERY_READINGS: readonly QueryReading[] = ["form", "rfc3986", "lenient"];

/** A raw query string read one way. */
export interface ReadQuery {
  /** Each parameter's first value. */
  query: Record<string, string>;
  /** Parameters given more than once. */
  repeated: string[];
  /** Parameters whose value is not percent-encoded UTF-8 (left out of `query`). */
  undecodable: string[];
}

/** One name or value under a reading; undefined when the reading refuses it. */
function decodePart(text: string, reading: QueryReading): string | undefined {
  // WHATWG's application/x-www-form-urlencoded parser: `+` is a space, a malformed escape stays as written.
  if (reading === "lenient") return new URLSearchParams(`a=${text}`).get("a") ?? "";
  try {
    return decodeURIComponent(reading === "form" ? text.replace(/\+/g, " ") : text);
  } catch {
    return undefined;
  }
}

/** `raw` (without `?`) read one way. */
export function readQuery(raw: string, reading: QueryReading): ReadQuery {
  const out: ReadQuery = { query: {}, repeated: [], undecodable: [] };
  for (const part of raw.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const name =
      decodePart(eq < 0 ? part : part.slice(0, eq), reading) ?? part.slice(0, eq < 0 ? undefined : eq);
    const value = decodePart(eq < 0 ? "" : part.slice(eq + 1), reading);
    if (Object.hasOwn(out.query, name) || out.undecodable.includes(name)) {
      if (!out.repeated.includes(name)) out.repeated.push(name);
      continue;
    }
    if (value === undefined) out.undecodable.push(name);
    else out.query[name] = value;
  }
  return out;
}
