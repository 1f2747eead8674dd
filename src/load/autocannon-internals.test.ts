/**
 * Guard for the autocannon internals the load driver relies on (`autocannon-internals.ts`) and for the
 * behaviour of its public API that the driver's timing and memory depend on. Each failure names what
 * changed: upgrading autocannon past the pinned version must be a deliberate change, never a silent one.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { afterEach, describe, expect, it } from "vitest";
import { HarnessError } from "../errors.js";
import {
  CLIENT_ERROR_EVENTS,
  checkClientInternals,
  clientInternalsProblem,
  type InternalClient,
  interceptSends,
  onClientError,
  PINNED_AUTOCANNON_VERSION,
} from "./autocannon-internals.js";

let server: Server | undefined;

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const ok = (_req: IncomingMessage, res: ServerResponse) => res.writeHead(200).end("{}");

describe("autocannon internals used by the load driver", () => {
  it(`autocannon is pinned to exactly ${PINNED_AUTOCANNON_VERSION}, the version they were read from`, () => {
    const require = createRequire(import.meta.url);
    const installed = (require("autocannon/package.json") as { version: string }).version;
    const root = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(root.dependencies.autocannon, "package.json must pin autocannon exactly (no range)").toBe(
      PINNED_AUTOCANNON_VERSION,
    );
    expect(installed, "installed autocannon differs from the pinned version").toBe(PINNED_AUTOCANNON_VERSION);
  });

  it("client._doRequest (no arguments) is called for every send, and wrapping it decides what is sent", async () => {
    let received = 0;
    const url = await serve((req, res) => {
      received++;
      ok(req, res);
    });
    const clients: InternalClient[] = [];
    let asked = 0;
    await autocannon({
      url,
      connections: 2,
      duration: 1,
      setupClient: (client) => {
        expect(clientInternalsProblem(client), "autocannon Client internals").toBeUndefined();
        const c = client as unknown as InternalClient;
        expect(c.destroyed, "client.destroyed while running").toBe(false);
        clients.push(c);
        // Let five sends through per client, then hold every later one back for good.
        let allowed = 5;
        interceptSends(c, (send) => {
          asked++;
          if (allowed-- > 0) send();
        });
      },
    });
    expect(received, "client._doRequest no longer sends exactly when called").toBe(10);
    expect(asked, "client._doRequest is not called once per send and once more per response").toBe(12);
    for (const c of clients) expect(c.destroyed, "client.destroyed after the run").toBe(true);
  });

  it("a client emits connError when the connection breaks and timeout when no answer comes", async () => {
    let n = 0;
    const url = await serve((req, res) => {
      n++;
      if (n === 1) req.socket.resetAndDestroy();
      else if (n === 2)
        return; // never answered: the client's timeout
      else ok(req, res);
    });
    const seen: string[] = [];
    await autocannon({
      url,
      connections: 1,
      duration: 1.5,
      timeout: 1,
      setupClient: (client) => {
        for (const event of CLIENT_ERROR_EVENTS) onClientError(client, event, () => seen.push(event));
      },
    });
    expect(seen, "autocannon Client events 'connError' and 'timeout'").toEqual(["connError", "timeout"]);
  });

  it("setRequests keeps the objects it is given, each client sends them in order, onResponse fires just before the client's response event", async () => {
    const url = await serve(ok);
    const order: string[] = [];
    const hookThenEvent: boolean[] = [];
    let pending: string | undefined;
    const request = (path: string): autocannon.Request => ({
      method: "GET",
      path,
      onResponse: () => {
        pending = path;
      },
    });
    const a = request("/a");
    const list = [a, request("/b"), a, request("/c")];
    await autocannon({
      url,
      connections: 1,
      amount: 9,
      requests: [{ method: "GET", path: "/placeholder" }],
      setupClient: (client) => {
        client.setRequests(list);
        client.on("response", () => {
          hookThenEvent.push(pending !== undefined);
          if (pending) order.push(pending);
          pending = undefined;
        });
      },
    });
    expect(order, "a client no longer loops over setRequests' list in order").toEqual([
      "/a",
      "/b",
      "/a",
      "/c",
      "/a",
      "/b",
      "/a",
      "/c",
      "/a",
    ]);
    expect(
      hookThenEvent.every(Boolean),
      "requests[].onResponse must run before the client's 'response' event",
    ).toBe(true);
    // The shared object carries its wire bytes: setRequests did not copy it.
    expect(Object.keys(a), "setRequests copies requests instead of keeping them").toContain("requestBuffer");
  });

  it("the driver refuses, naming the internal, a client that lacks one (exit 2, not wrong figures)", () => {
    const changed = { _doRequest: (_next: unknown) => undefined, destroyed: false, on: () => undefined };
    expect(() => checkClientInternals(changed as unknown as autocannon.Client)).toThrow(HarnessError);
    expect(() => checkClientInternals(changed as unknown as autocannon.Client)).toThrow(
      /autocannon internals changed \(client\._doRequest takes 1 arguments, not 0\)/,
    );
    expect(clientInternalsProblem({ _doRequest: () => undefined, on: () => undefined })).toBe(
      "client.destroyed is not a boolean",
    );
  });
});
