import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { Pool } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { dispatchCapped } from "./dispatch-capped.js";
import { toTransportFailure } from "./failure-codes.js";

let server: Server | undefined;
let pool: Pool | undefined;
const sockets = new Set<Socket>();

afterEach(async () => {
  await pool?.destroy();
  for (const s of sockets) s.destroy();
  sockets.clear();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
  pool = undefined;
});

/** A raw TCP server writing `reply(socket)` to each request: the bytes a real target may send. */
async function rawServer(reply: (socket: Socket) => void): Promise<Pool> {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.once("data", () => reply(socket));
  });
  await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
  pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections: 1 });
  return pool;
}

const limits = { timeoutMs: 2000, maxBodyBytes: 1024 };
const GET = { method: "GET" as const, path: "/v1/me" };

describe("dispatchCapped", () => {
  it("skips a 1xx interim response and joins repeated header fields as request() did", async () => {
    const p = await rawServer((s) =>
      s.write(
        "HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n" +
          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Seen: a\r\nX-Seen: b\r\nContent-Length: 2\r\n\r\n{}",
      ),
    );
    const got = await dispatchCapped(p, GET, limits);
    expect(got.head.status).toBe(200);
    expect(got.head.headers).toMatchObject({ "content-type": "application/json", "x-seen": "a,b" });
    expect(got.head.headers).not.toHaveProperty("link");
    expect(got.bytes.toString()).toBe("{}");
    expect(got.cut).toBeUndefined();
  });

  it("fails a reset that comes after an interim response only: there was no response to keep", async () => {
    const p = await rawServer((s) => {
      s.write("HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n");
      setTimeout(() => s.resetAndDestroy(), 20);
    });
    const err = await dispatchCapped(p, GET, limits).catch((e: unknown) => e);
    expect(toTransportFailure(err).code).toBe("CB_RESET");
  });

  it("keeps the bytes of a body cut by a reset after the headers, with the reason", async () => {
    const p = await rawServer((s) => {
      s.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"partial"');
      setTimeout(() => s.resetAndDestroy(), 20);
    });
    const got = await dispatchCapped(p, GET, limits);
    expect(got.bytes.toString()).toBe('{"partial"');
    expect(got.cut).toMatch(/./);
  });

  it("fails a body past the cap, however it would have ended", async () => {
    const p = await rawServer((s) =>
      s.end(`HTTP/1.1 200 OK\r\nContent-Length: 2000\r\n\r\n${"x".repeat(2000)}`),
    );
    const err = await dispatchCapped(p, GET, limits).catch((e: unknown) => e);
    expect(toTransportFailure(err).code).toBe("CB_BODY_TOO_LARGE");
  });

  it("ends a body that stalls half-way at the run's deadline, not as a cut body", async () => {
    const p = await rawServer((s) => s.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"));
    const deadline = new AbortController();
    setTimeout(() => deadline.abort(), 50);
    const err = await dispatchCapped(p, GET, { ...limits, signal: deadline.signal }).catch((e: unknown) => e);
    expect(toTransportFailure(err).code).toBe("CB_ABORTED");
  });

  it("times out a stalled body, and sends nothing once the deadline has passed", async () => {
    let requests = 0;
    const p = await rawServer((s) => {
      requests++;
      s.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{");
    });
    const err = await dispatchCapped(p, GET, { ...limits, timeoutMs: 50 }).catch((e: unknown) => e);
    expect(toTransportFailure(err).code).toBe("CB_TIMEOUT");
    expect(requests).toBe(1);
    const late = await dispatchCapped(p, GET, { ...limits, signal: AbortSignal.abort() }).catch(
      (e: unknown) => e,
    );
    expect(toTransportFailure(late).code).toBe("CB_ABORTED");
    await new Promise((done) => setTimeout(done, 50));
    expect(requests).toBe(1);
  });

  it("rejects options undici refuses, without throwing", async () => {
    const p = await rawServer((s) => s.end("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"));
    const bad = dispatchCapped(p, { ...GET, headers: { "x-bad": "a\r\nb" } }, limits);
    await expect(bad).rejects.toThrow();
  });
});
