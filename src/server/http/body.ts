/**
 * Reads a request body with a hard cap: past `maxBytes` it stops buffering and drains (discards) the rest up
 * to a bound before the 413 is answered; past that bound it drops the connection. Never buffers unbounded.
 */
import type { IncomingMessage } from "node:http";

/** The body, or that it exceeded the cap. */
export type BodyResult = { ok: true; body: Buffer } | { ok: false; tooLarge: true };

const EMPTY: BodyResult = { ok: true, body: Buffer.alloc(0) };
const TOO_LARGE: BodyResult = { ok: false, tooLarge: true };

/** After a 413, at most this many more bytes are drained before the socket is destroyed. */
const DRAIN_LIMIT = 32 * 1024 * 1024;

/** Reads the whole body when it fits in `maxBytes`. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> | BodyResult {
  // Most GETs carry no body: answer synchronously and skip the stream machinery (hot path).
  if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined) {
    return EMPTY;
  }
  const declared = Number(req.headers["content-length"] ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) {
    return drain(req).then(() => TOO_LARGE);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    // Past the cap only the drain may finish: its own "end" must not pass the partial body on as whole.
    let over = false;
    const finish = (result: BodyResult) => {
      if (done) return;
      done = true;
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off("data", onData);
        over = true;
        drain(req).then(() => finish(TOO_LARGE));
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    const whole = () => {
      if (!over) finish({ ok: true, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) });
    };
    req.on("end", whole);
    req.on("error", whole);
    req.on("aborted", whole);
  });
}

/**
 * Discards the rest of the body, within a bound, before the 413 is sent: a response sent while the client
 * is still writing makes the connection close under it (EPIPE), and the client never reads the 413.
 */
function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let drained = 0;
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT) {
        req.socket.destroy();
        resolve();
      }
    });
    req.on("end", () => resolve());
    req.on("close", () => resolve());
    req.on("error", () => resolve());
    req.resume();
  });
}
