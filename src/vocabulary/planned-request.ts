/** A request as a suite, a generator or a load mix plans it, before the runner paces, keys and sends it. */
import type { OperationId } from "../transport/exchange.js";

/** Which credential a request carries. Keys themselves stay inside the runner. */
export type KeyChoice = "main" | "free" | "none" | "invalid" | "revoked" | "team" | "no-credits";

/** A request to send, relative to a base URL. */
export interface PlannedRequest {
  operation: OperationId;
  method: string;
  /** Path relative to the base URL, already percent-encoded, starting with `/`. */
  path: string;
  /** Raw query parameter values (JSON-encoded parameters already encoded as JSON text). */
  query?: Record<string, string>;
  /** Query parameters of `query` sent twice, with the same value (an open request: a repeated parameter). */
  repeated?: string[];
  /**
   * The query string exactly as sent (without `?`), instead of `query` and `repeated`: for text the
   * percent-encoding of `query` never writes (a raw `+`, a malformed escape). `query` then holds its form
   * reading (contract/query-readings.ts) for what reads values only.
   */
  rawQuery?: string;
  /**
   * JSON body (serialised with JSON.stringify) or raw text sent as is, with `contentType` (default
   * `application/json`; `null`: no Content-Type header at all).
   */
  body?: { json: unknown } | { raw: string | Buffer; contentType?: string | null };
  headers?: Record<string, string>;
  /** Which base URL. Default `main`. */
  base?: "main" | "alt";
  /** Default `main`. */
  key?: KeyChoice;
}
