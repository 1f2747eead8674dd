/**
 * Maps low-level errors (undici, Node sockets, our own timers) to the stable transport codes of an
 * `Exchange.transportError`. Callers match on the code, never on the message.
 */
import type { TransportCode, TransportFailure } from "./exchange.js";

/** Stable codes of transport failures. */
export const TRANSPORT_CODES = {
  timeout: "CB_TIMEOUT",
  reset: "CB_RESET",
  connect: "CB_CONNECT",
  bodyTooLarge: "CB_BODY_TOO_LARGE",
  aborted: "CB_ABORTED",
  protocol: "CB_PROTOCOL",
  other: "CB_TRANSPORT",
} as const satisfies Record<string, TransportCode>;

/** Thrown by the body reader when the size cap is passed. */
export class BodyTooLargeError extends Error {
  readonly code = TRANSPORT_CODES.bodyTooLarge;
  constructor(readonly limit: number) {
    super(`response body exceeds the ${limit}-byte cap; reading stopped`);
  }
}

/** The reason a request is aborted when the run's own deadline (the caller's signal) fires. */
export class DeadlineAbortError extends Error {
  readonly code = TRANSPORT_CODES.aborted;
  constructor() {
    super("aborted by the run's deadline");
  }
}

/** Thrown when the per-request timer fires. */
export class RequestTimeoutError extends Error {
  readonly code = TRANSPORT_CODES.timeout;
  constructor(readonly timeoutMs: number) {
    super(`no complete response within ${timeoutMs} ms`);
  }
}

const CONNECT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
const RESET = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED", "ECONNABORTED"]);
const TIMEOUT = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

function codeOf(err: unknown): string | undefined {
  const own = (err as { code?: unknown } | null)?.code;
  if (typeof own === "string") return own;
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === "string" ? cause : undefined;
}

/** Codes Node gives a failed allocation: a buffer, a string or zlib's memory. */
const OUT_OF_MEMORY = new Set([
  "ERR_OUT_OF_MEMORY",
  "ERR_BUFFER_TOO_LARGE",
  "ERR_STRING_TOO_LONG",
  "Z_MEM_ERROR",
]);

/**
 * Whether a request failed because this process could not allocate memory (V8's `RangeError: Array buffer
 * allocation failed`, Node's ERR_OUT_OF_MEMORY): the machine's fault, never the target's, so no transport
 * failure either.
 */
export function isOutOfMemory(err: unknown): boolean {
  const code = codeOf(err);
  if (code !== undefined && OUT_OF_MEMORY.has(code)) return true;
  return err instanceof RangeError && /allocation failed|out of memory/i.test(err.message);
}

/** Turns any thrown value from a request into a `TransportFailure`. */
export function toTransportFailure(err: unknown): TransportFailure {
  const message = err instanceof Error ? err.message : String(err);
  if (
    err instanceof BodyTooLargeError ||
    err instanceof RequestTimeoutError ||
    err instanceof DeadlineAbortError
  ) {
    return { code: err.code, message: err.message };
  }
  const code = codeOf(err);
  if (code === TRANSPORT_CODES.aborted) return { code, message };
  if (code && TIMEOUT.has(code)) return { code: TRANSPORT_CODES.timeout, message: `${message} [${code}]` };
  if (code && CONNECT.has(code)) return { code: TRANSPORT_CODES.connect, message: `${message} [${code}]` };
  if (code && RESET.has(code)) return { code: TRANSPORT_CODES.reset, message: `${message} [${code}]` };
  if (code === "UND_ERR_ABORTED" || (err as Error | null)?.name === "AbortError") {
    return { code: TRANSPORT_CODES.aborted, message };
  }
  if (code?.startsWith("HPE_") || code === "UND_ERR_RES_CONTENT_LENGTH_MISMATCH") {
    return { code: TRANSPORT_CODES.protocol, message: `${message} [${code}]` };
  }
  return { code: TRANSPORT_CODES.other, message: code ? `${message} [${code}]` : message };
}
