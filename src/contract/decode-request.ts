/**
 * A request as it went on the wire, decoded into the value its request schema describes (path id
 * percent-decoded, JSON-encoded parameters parsed, numbers read, the body parsed), with the facts about its
 * wire form that no schema sees: a JSON-encoded parameter or body that is not JSON, a path id that cannot be
 * percent-decoded, a number not spelled as a plain decimal, an empty number, a repeated or unknown query
 * parameter, a body key given twice, a body sent without a Content-Type. Tolerant: whatever can be decoded is.
 */
import { canonicalSchema } from "./canonical-schema.js";
import { type QueryReading, readQuery } from "./query-readings.js";
import { type RequestOperation, requestOperation, wireFormOf } from "./request-operations.js";
import type { SchemaRegistry } from "./schema-registry.js";
import { topLevelKeysRepeated } from "./top-level-keys.js";

/** The parts of a request decoding reads (a recorded request, or a planned one written out). */
export interface RequestParts {
  operation: string;
  /** The method as sent; a request of another method than the operation's is not its request. */
  method?: string;
  /** Path relative to the base URL, percent-encoded as sent. */
  path: string;
  /** Query parameters as sent (raw text, before JSON decoding). */
  query?: Readonly<Record<string, string>>;
  /** Query parameters sent twice with the same value. */
  repeated?: readonly string[];
  /** The query string exactly as sent, when it was sent as written (then `query` and `repeated` are not read). */
  rawQuery?: string;
  /** The body text as sent. */
  body?: string;
  /** Headers as sent (lower-case names), when known: a body sent without `content-type` is a wire fact. */
  headers?: Readonly<Record<string, string>>;
}

/** What the wire form of a request shows beyond its decoded value. */
export type WireFactKind =
  | "not-json"
  | "not-percent-decodable"
  | "body-not-json"
  | "non-canonical-number"
  | "empty-number"
  | "repeated"
  | "unknown-parameter"
  | "repeated-key"
  | "no-content-type";

/** One wire fact about one parameter (`(body)` for the body as a whole). */
export interface WireFact {
  parameter: string;
  kind: WireFactKind;
}

/** A decoded request. */
export interface DecodedRequest {
  operation: RequestOperation;
  /** The decoded request: an object of parameters, or the parsed body (any JSON) of a body operation. */
  value: unknown;
  facts: WireFact[];
}

/** A plain decimal integer: what `String(n)` writes. */
const CANONICAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;
/** Any decimal spelling of a number (signs, leading zeros, a fraction, an exponent, spaces around). */
const DECIMAL = /^\s*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?\s*$/;

/**
 * Decodes a request of an operation with a request schema; undefined for any other operation. A query string
 * sent as written is read the way `reading` says (query-readings.ts).
 */
export function decodeRequest(
  parts: RequestParts,
  registry: SchemaRegistry,
  reading: QueryReading = "form",
): DecodedRequest | undefined {
  const operation = requestOperation(parts.operation);
  if (!operation || (parts.method !== undefined && parts.method.toUpperCase() !== operation.method))
    return undefined;
  const read = parts.rawQuery === undefined ? undefined : readQuery(parts.rawQuery, reading);
  const facts: WireFact[] = (read?.repeated ?? parts.repeated ?? []).map((parameter) => ({
    parameter,
    kind: "repeated",
  }));
  for (const parameter of read?.undecodable ?? []) facts.push({ parameter, kind: "not-percent-decodable" });
  const schema = canonicalSchema(registry, operation.schema);
  const properties = schema.properties ?? {};
  const value: Record<string, unknown> = {};
  const pathParameter = /\{([^}]+)\}/.exec(operation.path)?.[1];
  if (pathParameter) {
    const prefix = operation.path.slice(0, operation.path.indexOf("{"));
    const raw = parts.path.startsWith(prefix) ? parts.path.slice(prefix.length).replace(/[?#].*$/, "") : "";
    try {
      value[pathParameter] = decodeURIComponent(raw);
    } catch {
      facts.push({ parameter: pathParameter, kind: "not-percent-decodable" });
    }
  }
  for (const [name, text] of Object.entries(read?.query ?? parts.query ?? {})) {
    const property = properties[name];
    if (!property) {
      facts.push({ parameter: name, kind: "unknown-parameter" });
      continue;
    }
    decodeParameter(name, text, wireFormOf(operation, name, property), value, facts);
  }
  if (operation.carrier !== "body") return { operation, value, facts };
  if (parts.headers && parts.body !== undefined && parts.headers["content-type"] === undefined)
    facts.push({ parameter: "(body)", kind: "no-content-type" });
  try {
    const body = JSON.parse(parts.body ?? "");
    for (const key of topLevelKeysRepeated(parts.body ?? ""))
      facts.push({ parameter: key, kind: "repeated-key" });
    return { operation, value: body, facts };
  } catch {
    facts.push({ parameter: "(body)", kind: "body-not-json" });
    return { operation, value: undefined, facts };
  }
}

function decodeParameter(
  name: string,
  text: string,
  form: ReturnType<typeof wireFormOf>,
  out: Record<string, unknown>,
  facts: WireFact[],
): void {
  if (form === "json") {
    try {
      out[name] = JSON.parse(text);
    } catch {
      facts.push({ parameter: name, kind: "not-json" });
    }
    return;
  }
  if (form === "integer" || form === "number") {
    if (text === "") {
      // An empty number reads as the parameter left out, or as no number at all: open either way.
      facts.push({ parameter: name, kind: "empty-number" });
      return;
    }
    if (!DECIMAL.test(text)) {
      // Not a number at all: kept as text, which the schema's numeric type refuses.
      out[name] = text;
      return;
    }
    if (!CANONICAL_INTEGER.test(text) && form === "integer")
      facts.push({ parameter: name, kind: "non-canonical-number" });
    out[name] = Number(text);
    return;
  }
  out[name] = text;
}
