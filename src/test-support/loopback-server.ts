/** Starts a test's `node:http` server on 127.0.0.1, port 0, and closes it with every socket it still holds. */
import type { Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** A listening server: its base URL (`/v1`) and how to close it at once. */
export interface LoopbackServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** Listens on a free loopback port; `close` destroys open connections (a stalled one included) first. */
export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
