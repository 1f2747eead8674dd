/**
 * One recorded HTTP exchange: what cbcheck sent and what came back.
 * Every layer after the transport (checks, runner, reports) works on these plain objects.
 */

/** The contract's operations, plus `other` for routes the contract does not name. */
export type OperationId =
  | "resolve"
  | "entity-get"
  | "entity-batch"
  | "me"
  | "capabilities"
  | "usage"
  | "search"
  | "traversals"
  | "other";

/** A request as it went on the wire. Header names are lower-case; the API key is never stored. */
export interface RecordedRequest {
  method: string;
  /** The base URL the request was sent to, e.g. `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  /** Path relative to the base URL, percent-encoded as sent, starting with `/`. */
  path: string;
  /** Query parameters as sent (raw strings, before JSON decoding). */
  query: Record<string, string>;
  /** Parameters of `query` that were sent twice, with the same value. */
  repeated?: string[];
  /** The query string exactly as sent (without `?`), when it was sent as written; `query` is then its form reading. */
  rawQuery?: string;
  /**
   * Headers as sent, lower-case names; `authorization` is `Bearer $NAME` (the environment variable that holds
   * the key) or `Bearer <redacted>` when a key was sent — never the key.
   */
  headers: Record<string, string>;
  /** Raw request body text, if any. */
  body?: string;
}

/** A response as received. Header names are lower-case. */
export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  /** Body as text (UTF-8 decoded, possibly truncated at the size cap). */
  bodyText: string;
  /** Parsed JSON body, when the body parsed as JSON. */
  json?: unknown;
  /** Why the body is not usable JSON (parse error, truncated, invalid UTF-8), when it is not. */
  bodyError?: string;
  /**
   * Set only on a body left unparsed because it opens more arrays and objects than are judged
   * (`MAX_CONTAINERS`): how many it opens, counted just past that limit.
   */
  containers?: number;
  /** Set (with `containers`) on a body left unparsed for its structure: object members, counted past `MAX_MEMBERS`. */
  members?: number;
  /** Milliseconds from send to the last body byte. */
  durationMs: number;
}

/** The stable code of a transport failure (an outcome of one request, not a harness error). */
export type TransportCode =
  | "CB_TIMEOUT"
  | "CB_RESET"
  | "CB_CONNECT"
  | "CB_BODY_TOO_LARGE"
  | "CB_ABORTED"
  | "CB_PROTOCOL"
  | "CB_TRANSPORT";

/** A request that never got a complete response (timeout, reset, refused, oversize body). */
export interface TransportFailure {
  /** Stable code, e.g. `CB_TIMEOUT`, `CB_RESET`, `CB_BODY_TOO_LARGE`, `CB_CONNECT`. */
  code: TransportCode;
  message: string;
}

/** One request and its outcome. */
export interface Exchange {
  operation: OperationId;
  request: RecordedRequest;
  response?: RecordedResponse;
  transportError?: TransportFailure;
}
