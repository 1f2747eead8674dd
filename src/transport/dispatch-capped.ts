/**
 * Sends one request through undici's handler interface (`Dispatcher.dispatch`) and collects the response:
 * status, headers and body bytes, with a size cap, a whole-request timeout and the run's deadline. The
 * `request()` API wraps every response in a Readable stream, an abort-signal listener and an async resource;
 * a sequential run pays for those on each of its thousands of calls, for a body that is read whole anyway.
 *
 * A body cut by a reset or a short Content-Length resolves with `cut` set (the status and headers did
 * arrive); an oversize body, a timeout, the deadline or a failure before the headers rejects.
 */
import type { Dispatcher } from "undici";
import {
  BodyTooLargeError,
  DeadlineAbortError,
  RequestTimeoutError,
  TRANSPORT_CODES,
  toTransportFailure,
} from "./failure-codes.js";

/** Status and headers (names in lower case, repeated fields joined with `,`) of a response. */
export interface ResponseHead {
  status: number;
  headers: Record<string, string>;
}

/** A response read whole, or up to where it was cut. */
export interface CappedResponse {
  head: ResponseHead;
  bytes: Buffer;
  cut?: string;
}

/** Limits of one dispatch. */
export interface DispatchLimits {
  /** From dispatch to the last body byte. */
  timeoutMs: number;
  /** A body past this many bytes fails the request with `BodyTooLargeError`. */
  maxBodyBytes: number;
  /** The run's deadline: its abort ends the request with `DeadlineAbortError`. */
  signal?: AbortSignal;
}

function lowerHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) out[k.toLowerCase()] = String(v);
  return out;
}

function isCut(err: unknown): string | undefined {
  const failure = toTransportFailure(err);
  return failure.code === TRANSPORT_CODES.reset || failure.code === TRANSPORT_CODES.protocol
    ? failure.message
    : undefined;
}

/** Dispatches `options` on `dispatcher` and reads the response within `limits`. */
export function dispatchCapped(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  limits: DispatchLimits,
): Promise<CappedResponse> {
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    // Why this request was stopped by us (timeout, deadline, cap); undici's own error otherwise.
    let reason: Error | undefined;
    let head: ResponseHead | undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (why: Error): void => {
      if (reason) return;
      reason = why;
      controller?.abort(why);
    };
    const timeout = setTimeout(() => stop(new RequestTimeoutError(limits.timeoutMs)), limits.timeoutMs);
    const outer = limits.signal;
    const onDeadline = (): void => stop(new DeadlineAbortError());
    outer?.addEventListener("abort", onDeadline, { once: true });
    const settle = (): void => {
      clearTimeout(timeout);
      outer?.removeEventListener("abort", onDeadline);
    };
    if (outer?.aborted) {
      settle();
      reject(new DeadlineAbortError());
      return;
    }
    const joined = (at: ResponseHead, cut: string | undefined): void => {
      try {
        const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
        resolve(cut === undefined ? { head: at, bytes } : { head: at, bytes, cut });
      } catch (err) {
        reject(err);
      }
    };
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (reason) c.abort(reason);
      },
      onResponseStart(_c, statusCode, headers) {
        // 1xx interim responses (100 Continue, 103 Early Hints) are not the response.
        if (statusCode >= 200) head = { status: statusCode, headers: lowerHeaders(headers) };
      },
      onResponseData(_c, chunk) {
        if (reason) return;
        size += chunk.length;
        if (size > limits.maxBodyBytes) stop(new BodyTooLargeError(limits.maxBodyBytes));
        else chunks.push(chunk);
      },
      onResponseEnd() {
        settle();
        if (!head) reject(new Error("the response ended before its status line"));
        // Joining the chunks allocates: a failure (out of memory) rejects rather than throws into undici.
        else joined(head, undefined);
      },
      onResponseError(_c, err) {
        settle();
        const error = reason ?? err;
        const cut = head && !reason ? isCut(error) : undefined;
        if (head && cut !== undefined) joined(head, cut);
        else reject(error);
      },
    };
    try {
      dispatcher.dispatch(options, handler);
    } catch (err) {
      settle();
      reject(err);
    }
  });
}
