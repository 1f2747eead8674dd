/**
 * Sends a burst of POSTs that reach the server together: every socket is connected first, then all requests are
 * written in one synchronous loop. With `fetch`, a busy machine may start the calls of a `Promise.all` hundreds
 * of ms apart, and the server could not tell them from calls sent after an answer.
 */
import { connect, type Socket } from "node:net";

/** One answer: status, lower-case headers, body text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** POSTs each body to `url` (one connection each, `Connection: close`) and resolves with the answers in order. */
export async function postBurst(
  url: URL,
  headers: Record<string, string>,
  bodies: string[],
): Promise<RawResponse[]> {
  const sockets = await Promise.all(
    bodies.map(
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(url.port), url.hostname, () => resolve(socket));
          socket.once("error", reject);
        }),
    ),
  );
  const answers = sockets.map(readAnswer);
  sockets.forEach((socket, i) => {
    const body = Buffer.from(bodies[i], "utf8");
    const head = [
      `POST ${url.pathname} HTTP/1.1`,
      `host: ${url.host}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      `content-length: ${body.length}`,
      "connection: close",
    ];
    socket.write(Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`), body]));
  });
  return Promise.all(answers);
}

function readAnswer(socket: Socket): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.once("error", reject);
    socket.once("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const [statusLine, ...lines] = text.slice(0, split).split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: text.slice(split + 4) });
    });
  });
}
