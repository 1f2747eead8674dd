/**
 * Deliberately broken HTTP servers for tests (autocannon's fault-injecting server in miniature):
 * each behaviour is one way a real target breaks. Real `node:http` on 127.0.0.1, port 0.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { listenOnLoopback } from "../../test-support/loopback-server.js";

/** The ways a hostile target misbehaves. */
export type HostileBehaviour =
  | "non-json"
  | "html-error"
  | "truncated"
  | "huge"
  | "never"
  | "reset"
  | "invalid-utf8"
  | "json-ok";

/** Every behaviour, for tests that loop over them. */
export const HOSTILE_BEHAVIOURS: HostileBehaviour[] = [
  "non-json",
  "html-error",
  "truncated",
  "huge",
  "never",
  "reset",
  "invalid-utf8",
];

/** A started hostile server; `baseUrl` ends in `/v1`. */
export interface HostileServer {
  baseUrl: string;
  close(): Promise<void>;
}

function respond(behaviour: HostileBehaviour, res: ServerResponse, socket: Socket): void {
  switch (behaviour) {
    case "non-json":
      res.writeHead(200, { "content-type": "application/json" }).end("this is not json");
      return;
    case "html-error":
      res.writeHead(502, { "content-type": "text/html" }).end("<html><body>Bad Gateway</body></html>");
      return;
    case "truncated":
      res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      res.write('{"contract":"cb/v1","da');
      setTimeout(() => socket.destroy(), 20);
      return;
    case "huge": {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < 20 && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        if (!res.destroyed) res.end("{}");
      };
      pump();
      return;
    }
    case "never":
      return;
    case "reset":
      socket.destroy();
      return;
    case "invalid-utf8":
      res.writeHead(200, { "content-type": "application/json" });
      res.end(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
      return;
    case "json-ok":
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      return;
  }
}

/** Starts a server that answers every request with the given misbehaviour. */
export async function startHostileServer(behaviour: HostileBehaviour): Promise<HostileServer> {
  const server: Server = createServer((req, res) => {
    req.resume();
    respond(behaviour, res, req.socket);
  });
  return listenOnLoopback(server);
}
