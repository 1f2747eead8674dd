/**
 * A response before it is written: status, headers and a JSON body (serialised once, at the edge).
 */

/** A response as the handlers build it. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** JSON value; serialised by the writer. */
  body: unknown;
  /**
   * The body already serialised (hot paths): text, or UTF-8 bytes (cached reads, which spares encoding the
   * same kilobytes on every write); when set, `body` is ignored until a seeded bug needs it.
   */
  raw?: string | Buffer;
  /** Delivered records and charged credits, for metering after the fact. */
  metered?: { records: number; credits: number };
}

/** A JSON reply. */
export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers, body };
}

/**
 * An error reply with exactly the contract's error body `{"error": {"code", …}}`.
 * `reason` is a short developer hint sent only as the `x-cb-reason` header, never in the body
 * (Error body: "no backend diagnostics").
 */
export function errorReply(
  status: number,
  code: string,
  options: { extra?: Record<string, string>; headers?: Record<string, string>; reason?: string } = {},
): Reply {
  const headers = { ...options.headers };
  if (options.reason) headers["x-cb-reason"] = options.reason.replace(/[^\x20-\x7e]/g, "?").slice(0, 200);
  return { status, headers, body: { error: { code, ...options.extra } } };
}

/** Thrown by validators: becomes 400 `invalid_arguments` (Errors table). */
export class InvalidArguments extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "InvalidArguments";
  }
}

/** Where Free accounts are sent to upgrade (Authentication 4). */
export const UPGRADE_URL = "https://example.com/account/upgrade?tier=plus";
