import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { type Forwarder, startForwarder } from "./forward.js";
import type { Proxied } from "./proxied.js";
import { toProxied } from "./raw-exchange.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

async function target(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function forwarder(origin: string, seen: Proxied[], maxBodyBytes = 1 << 20): Promise<Forwarder> {
  const f = await startForwarder({
    origin,
    host: "127.0.0.1",
    port: 0,
    timeoutMs: 5_000,
    maxBodyBytes,
    onExchange: (raw) => seen.push(toProxied(raw)),
  });
  closers.push(() => f.close());
  return f;
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe("startForwarder", () => {
  it("forwards method, path, query, headers and body unchanged, and records the key only by hash", async () => {
    const origin = await target((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            method: req.method,
            url: req.url,
            auth: req.headers.authorization,
            x: req.headers["x-extra"],
            body,
          }),
        );
      });
    });
    const seen: Proxied[] = [];
    const f = await forwarder(origin, seen);
    const res = await request(`${f.origin}/v1/entities/batch?a=1&b=%22x%22`, {
      method: "POST",
      headers: { authorization: "Bearer secret-key-1", "x-extra": "yes", "content-type": "application/json" },
      body: '{"ids":["a"]}',
    });
    expect(await res.body.json()).toEqual({
      method: "POST",
      url: "/v1/entities/batch?a=1&b=%22x%22",
      auth: "Bearer secret-key-1",
      x: "yes",
      body: '{"ids":["a"]}',
    });
    await settle();
    expect(seen[0]).toMatchObject({
      n: 1,
      body: '{"ids":["a"]}',
      status: 200,
      keyHash: expect.stringMatching(/^k:[0-9a-f]{8}$/),
    });
    expect(JSON.stringify({ ...seen[0], responseBody: "" })).not.toContain("secret-key-1");
  });

  it("gives the client the whole of a body larger than the copy cap, and marks the copy cut", async () => {
    const big = "x".repeat(300_000);
    const origin = await target((_req, res) => res.end(big));
    const seen: Proxied[] = [];
    const f = await forwarder(origin, seen, 1000);
    const res = await request(`${f.origin}/v1/me`);
    expect((await res.body.text()).length).toBe(big.length);
    await settle();
    expect(seen[0].responseBody.length).toBe(1000);
    expect(seen[0].cut).toMatch(/capped/);
  });

  it("survives a client that disconnects mid-response and keeps serving", async () => {
    const origin = await target((req, res) => {
      if (req.url?.includes("slow")) {
        res.write("x".repeat(1000));
        setTimeout(() => res.end("y"), 300);
      } else res.end("{}");
    });
    const seen: Proxied[] = [];
    const f = await forwarder(origin, seen);
    const { port } = new URL(f.origin);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write("GET /v1/slow HTTP/1.1\r\nHost: x\r\n\r\n"),
      );
      socket.once("data", () => {
        socket.destroy();
        resolve();
      });
    });
    await new Promise((r) => setTimeout(r, 500));
    const res = await request(`${f.origin}/v1/me`);
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    await settle();
    const slow = seen.find((p) => p.url === "/v1/slow");
    expect(slow?.cut).toBe("the client disconnected mid-response");
    expect(slow?.targetError).toBeUndefined();
  });
});
