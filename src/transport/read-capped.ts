/**
 * Reads a response body with a size cap, telling a body that was cut (reset, short Content-Length: the
 * status and headers did arrive) from one that must fail the request (oversize, timeout).
 */
import type { Readable } from "node:stream";
import { BodyTooLargeError, TRANSPORT_CODES, toTransportFailure } from "./failure-codes.js";

/**
 * Reads a body up to `cap` bytes. A body cut by a reset or a short Content-Length resolves with `cut` set
 * (the status and headers did arrive); an oversize body or a timeout rejects.
 */
export function readCapped(
  body: Readable,
  cap: number,
  signal: AbortSignal,
): Promise<{ bytes: Buffer; cut?: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        body.destroy();
        reject(new BodyTooLargeError(cap));
        return;
      }
      chunks.push(chunk);
    });
    body.on("end", () => resolve({ bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) }));
    body.on("error", (err) => {
      const failure = toTransportFailure(signal.aborted ? signal.reason : err);
      if (failure.code === TRANSPORT_CODES.reset || failure.code === TRANSPORT_CODES.protocol) {
        resolve({ bytes: Buffer.concat(chunks), cut: failure.message });
      } else reject(err);
    });
  });
}
