/**
 * Query-string decoding with 400 on anything malformed: bad percent-encoding, invalid UTF-8,
 * a repeated parameter, a JSON-encoded parameter that is not JSON (Endpoints: "JSON-encoded").
 */
import { InvalidArguments } from "../http/reply.js";

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    throw new InvalidArguments("query string is not valid percent-encoded UTF-8");
  }
}

/** The parameters of an empty query string: shared, since nothing adds to a parsed query (hot path). */
const NO_PARAMS: ReadonlyMap<string, string> = new Map();

/** Decoded query parameters; a name given twice is an error (its meaning would be ambiguous). */
export function parseQuery(raw: string): ReadonlyMap<string, string> {
  if (raw === "") return NO_PARAMS;
  const params = new Map<string, string>();
  for (const part of raw.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    const value = decode(eq < 0 ? "" : part.slice(eq + 1));
    if (params.has(name)) throw new InvalidArguments(`query parameter ${name} is given more than once`);
    params.set(name, value);
  }
  return params;
}

/** Parses a JSON-encoded query parameter. */
export function jsonParam(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidArguments(`${name} is not JSON-encoded`);
  }
}

/** Length in characters (code points), as JSON Schema counts `maxLength`. */
export function charLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) n++;
    else {
      n++;
      i++;
    }
  }
  return n;
}
