/**
 * Test-only: one raw HTTP/1.1 exchange over a socket, so fuzz tests can send bytes no HTTP client would
 * (invalid UTF-8 in paths, odd header values, bodies of any size).
 */
import { connect } from "node:net";

/** A raw response: status, lower-case headers, body bytes. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends `head` + `body` to host:port with `Connection: close` and reads the whole response. */
export function rawExchange(
  port: number,
  head: Buffer,
  body: Buffer = Buffer.alloc(0),
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error("raw exchange timed out")));
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", (e) => {
      // A reset after the response arrived (e.g. the server closed on 413) still leaves a response.
      if (chunks.length > 0) finish();
      else reject(e);
    });
    socket.on("end", () => finish());
    let done = false;
    function finish() {
      if (done) return;
      done = true;
      socket.destroy();
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const headText = all.subarray(0, split < 0 ? all.length : split).toString("latin1");
      const [statusLine, ...lines] = headText.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: split < 0 ? Buffer.alloc(0) : all.subarray(split + 4),
      });
    }
    socket.write(Buffer.concat([head, body]));
  });
}

/** Builds a request head with a correct Content-Length and `Connection: close`. */
export function requestHead(
  method: string,
  path: Buffer | string,
  headers: Array<[string, string | Buffer]>,
  bodyLength: number,
): Buffer {
  const parts: Buffer[] = [
    Buffer.from(`${method} `),
    Buffer.isBuffer(path) ? path : Buffer.from(path, "latin1"),
    Buffer.from(" HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n"),
  ];
  for (const [name, value] of headers)
    parts.push(
      Buffer.from(`${name}: `),
      Buffer.isBuffer(value) ? value : Buffer.from(value, "latin1"),
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`content-length: ${bodyLength}\r\n\r\n`));
  return Buffer.concat(parts);
}
