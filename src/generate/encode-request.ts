/**
 * A decoded request written as it goes on the wire, the reverse of contract/decode-request.ts: the path
 * parameter percent-encoded into the path, JSON-encoded parameters as JSON text, numbers as `String(n)`,
 * other query parameters as text, a body operation's value as its JSON body. Wire cases replace a
 * parameter's text (malformed JSON, another spelling of a number), write it into the query string as it is,
 * repeat a parameter or send a raw body.
 */
import type { CanonicalSchema } from "../contract/canonical-schema.js";
import { readQuery } from "../contract/query-readings.js";
import { type RequestOperation, wireFormOf } from "../contract/request-operations.js";
import type { PlannedRequest } from "../vocabulary/planned-request.js";

/** What a wire case changes beyond the decoded value. */
export interface WireChanges {
  /** Text sent for a parameter instead of its encoded value. */
  texts?: Readonly<Record<string, string>>;
  /** Query parameters sent twice. */
  repeated?: readonly string[];
  /**
   * Text written into the query string as it is, not percent-encoded (a raw `+`, a malformed escape): the
   * request then carries its whole query string as `rawQuery`.
   */
  rawTexts?: Readonly<Record<string, string>>;
  /** A body sent as these bytes instead of the JSON of the value. */
  rawBody?: string | Buffer;
  /** The body (the JSON of the value, or `rawBody`) sent without a Content-Type header. */
  withoutContentType?: boolean;
  /** The path parameter's segment as sent, instead of the percent-encoded value. */
  rawSegment?: string;
}

/** Percent-encodes, or undefined for text no URL can carry (a lone surrogate). */
function uriEncoded(text: string): string | undefined {
  try {
    return encodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The planned request of a decoded value; undefined when the wire cannot carry it. */
export function encodeRequest(
  op: RequestOperation,
  schema: CanonicalSchema,
  value: unknown,
  changes: WireChanges = {},
): PlannedRequest | undefined {
  const request: PlannedRequest = { operation: op.id, method: op.method, path: op.path };
  if (op.carrier === "body") {
    const contentType = changes.withoutContentType ? null : "application/json";
    const raw = changes.rawBody ?? (changes.withoutContentType ? JSON.stringify(value) : undefined);
    request.body = raw !== undefined ? { raw, contentType } : { json: value };
    return request;
  }
  const params = (value ?? {}) as Record<string, unknown>;
  const query: Record<string, string> = {};
  for (const [name, v] of Object.entries(params)) {
    const form = wireFormOf(op, name, schema.properties?.[name] ?? {});
    const text = changes.texts?.[name] ?? (form === "json" ? JSON.stringify(v) : String(v));
    if (uriEncoded(text) === undefined) return undefined;
    if (form === "path") {
      // An empty path segment names another route, not this operation with an empty id.
      if (text === "") return undefined;
      request.path = op.path.replace(`{${name}}`, encodeURIComponent(text));
    } else query[name] = text;
  }
  for (const [name, text] of Object.entries(changes.texts ?? {})) {
    if (!(name in params) && uriEncoded(text) !== undefined) query[name] = text;
  }
  if (changes.rawSegment !== undefined) request.path = op.path.replace(/\{[^}]+\}/, changes.rawSegment);
  if (Object.keys(query).length > 0) request.query = query;
  if (changes.repeated?.length) request.repeated = [...changes.repeated];
  if (changes.rawTexts) writeRaw(request, query, changes.rawTexts);
  return request;
}

/** Sets the request's exact query string: the encoded parameters, then `raw`'s texts as they are. */
function writeRaw(
  request: PlannedRequest,
  query: Record<string, string>,
  raw: Readonly<Record<string, string>>,
) {
  const pairs = Object.entries(query)
    .filter(([name]) => !(name in raw))
    .map(([name, text]) => `${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  for (const [name, text] of Object.entries(raw)) pairs.push(`${encodeURIComponent(name)}=${text}`);
  request.rawQuery = pairs.join("&");
  request.query = readQuery(request.rawQuery, "form").query;
}

/** The parts the classifier decodes, of a planned request (contract/decode-request.ts). */
export function partsOf(request: PlannedRequest): {
  operation: string;
  method: string;
  path: string;
  query?: Record<string, string>;
  repeated?: string[];
  rawQuery?: string;
  body?: string;
  headers?: Record<string, string>;
} {
  const body = request.body;
  return {
    operation: request.operation,
    method: request.method,
    path: request.path,
    ...(request.query ? { query: request.query } : {}),
    ...(request.repeated ? { repeated: request.repeated } : {}),
    ...(request.rawQuery !== undefined ? { rawQuery: request.rawQuery } : {}),
    ...(body === undefined ? {} : { body: "json" in body ? JSON.stringify(body.json) : body.raw.toString() }),
    // Headers are known to be without a Content-Type only where the plan leaves it out.
    ...(body && "raw" in body && body.contentType === null ? { headers: {} } : {}),
  };
}
