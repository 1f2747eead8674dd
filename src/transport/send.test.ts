import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import type { Pool } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { HarnessError } from "../errors.js";
import { isOutOfMemory } from "./failure-codes.js";
import { undecodedBody } from "./lazy-body.js";
import { buildPath, Transport } from "./send.js";
import { type HostileServer, startHostileServer } from "./test-support/hostile-server.js";

let server: HostileServer | undefined;
const transport = new Transport({ timeoutMs: 500, maxBodyBytes: 16 * 1024 * 1024 });

afterEach(async () => {
  await transport.close();
  await server?.close();
  server = undefined;
});

async function sendTo(behaviour: Parameters<typeof startHostileServer>[0]) {
  server = await startHostileServer(behaviour);
  return transport.send({
    operation: "resolve",
    method: "GET",
    baseUrl: server.baseUrl,
    path: "/resolve",
    query: { query: "a b" },
    apiKey: "secret-key-123",
  });
}

describe("Accept-Encoding", () => {
  it("sends and records identity unless the request names a coding (RFC 9110 §12.5.3)", async () => {
    const echo = createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ acceptEncoding: req.headers["accept-encoding"] ?? null }));
    });
    await new Promise<void>((done) => echo.listen(0, "127.0.0.1", done));
    const baseUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`;
    try {
      const send = (headers?: Record<string, string>) =>
        transport.send({
          operation: "me",
          method: "GET",
          baseUrl,
          path: "/me",
          ...(headers ? { headers } : {}),
        });
      const plain = await send();
      expect(plain.response?.json).toEqual({ acceptEncoding: "identity" });
      expect(plain.request.headers["accept-encoding"]).toBe("identity");
      const gzip = await send({ "accept-encoding": "gzip" });
      expect(gzip.response?.json).toEqual({ acceptEncoding: "gzip" });
      expect(gzip.request.headers["accept-encoding"]).toBe("gzip");
      // Header names are case-insensitive: a caller's own spelling replaces the default, never goes beside it.
      const named = await send({ "Accept-Encoding": "gzip" });
      expect(named.response?.json).toEqual({ acceptEncoding: "gzip" });
      expect(named.request.headers).toMatchObject({ "accept-encoding": "gzip" });
    } finally {
      await transport.close();
      await new Promise((done) => echo.close(done));
    }
  });
});

describe("sendExchange against hostile servers", () => {
  it("records a JSON body and redacts the key", async () => {
    const ex = await sendTo("json-ok");
    expect(ex.response?.status).toBe(200);
    expect(ex.response?.json).toEqual({ ok: true });
    expect(ex.request.headers.authorization).toBe("Bearer <redacted>");
    expect(JSON.stringify(ex)).not.toContain("secret-key-123");
  });

  it("records non-JSON as a bodyError", async () => {
    const ex = await sendTo("non-json");
    expect(ex.response?.bodyError).toMatch(/not JSON/);
    expect(ex.response?.json).toBeUndefined();
  });

  it("records an HTML error page with its status", async () => {
    const ex = await sendTo("html-error");
    expect(ex.response?.status).toBe(502);
    expect(ex.response?.bodyError).toMatch(/not JSON/);
  });

  it("records a truncated body", async () => {
    const ex = await sendTo("truncated");
    const outcome = ex.response?.bodyError ?? ex.transportError?.code;
    expect(outcome).toMatch(/truncated|CB_RESET|CB_PROTOCOL/);
  });

  it("stops reading a body past the cap", async () => {
    server = await startHostileServer("huge");
    // 20 MiB against the 16 MiB cap; a generous timeout so that a busy machine still reaches the cap.
    const patient = new Transport({ timeoutMs: 20_000, maxBodyBytes: 16 * 1024 * 1024 });
    try {
      const ex = await patient.send({ operation: "me", method: "GET", baseUrl: server.baseUrl, path: "/me" });
      expect(ex.transportError?.code).toBe("CB_BODY_TOO_LARGE");
      expect(ex.transportError?.message).toMatch(/16777216-byte cap/);
    } finally {
      await patient.close();
    }
  });

  it("times out a response that never comes", async () => {
    const started = Date.now();
    const ex = await sendTo("never");
    expect(ex.transportError?.code).toBe("CB_TIMEOUT");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("records a connection reset", async () => {
    const ex = await sendTo("reset");
    expect(ex.transportError?.code).toBe("CB_RESET");
  });

  it("records invalid UTF-8", async () => {
    const ex = await sendTo("invalid-utf8");
    expect(ex.response?.bodyError).toMatch(/UTF-8/);
  });

  it("reports a refused connection as CB_CONNECT", async () => {
    const closed = await startHostileServer("json-ok");
    const baseUrl = closed.baseUrl;
    await closed.close();
    const ex = await transport.send({ operation: "me", method: "GET", baseUrl, path: "/me" });
    expect(ex.transportError?.code).toBe("CB_CONNECT");
  });
});

describe("buildPath", () => {
  it("keeps the base prefix and encodes JSON query values", () => {
    expect(buildPath("http://h/api/v1/", "/entities/batch", { types: '["org"]' })).toBe(
      "/api/v1/entities/batch?types=%5B%22org%22%5D",
    );
  });

  it("writes a raw query string exactly as given, instead of the encoded parameters", () => {
    expect(buildPath("http://h/v1", "/resolve", { query: "a b" }, ["query"], "query=a+b&limit=%ZZ")).toBe(
      "/v1/resolve?query=a+b&limit=%ZZ",
    );
  });
});

describe("a raw query string", () => {
  it("goes on the wire byte for byte and is recorded as sent", async () => {
    const echo = createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ url: req.url }));
    });
    await new Promise<void>((done) => echo.listen(0, "127.0.0.1", done));
    const baseUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`;
    try {
      const ex = await transport.send({
        operation: "resolve",
        method: "GET",
        baseUrl,
        path: "/resolve",
        query: { query: "a b" },
        rawQuery: "query=a+b&limit=%ZZ",
      });
      expect(ex.response?.json).toEqual({ url: "/v1/resolve?query=a+b&limit=%ZZ" });
      expect(ex.request.rawQuery).toBe("query=a+b&limit=%ZZ");
    } finally {
      await transport.close();
      await new Promise((done) => echo.close(done));
    }
  });
});

describe("lazyBody", () => {
  it("leaves a 200's body undecoded until read; other statuses and coded bodies are decoded at once", async () => {
    const bodies: Record<string, [number, Record<string, string>, Buffer]> = {
      "/ok": [200, {}, Buffer.from('{"data":[]}')],
      "/limited": [429, { "retry-after": "1" }, Buffer.from('{"error":{"code":"rate_limited"}}')],
      "/gzip": [200, { "content-encoding": "gzip" }, gzipSync('{"data":[1]}')],
    };
    const echo = createServer((req, res) => {
      const [status, headers, body] = bodies[req.url?.replace(/^\/v1/, "") ?? ""] ?? [
        404,
        {},
        Buffer.alloc(0),
      ];
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(body);
    });
    await new Promise<void>((done) => echo.listen(0, "127.0.0.1", done));
    const baseUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`;
    try {
      const send = (path: string) =>
        transport.send(
          { operation: "me", method: "GET", baseUrl, path, headers: { "accept-encoding": "gzip" } },
          undefined,
          true,
        );
      const ok = await send("/ok");
      expect(undecodedBody(ok.response)?.bytes.toString()).toBe('{"data":[]}');
      expect(ok.response?.json).toEqual({ data: [] });
      const limited = await send("/limited");
      expect(undecodedBody(limited.response)).toBeUndefined();
      expect(limited.response?.json).toEqual({ error: { code: "rate_limited" } });
      const gzip = await send("/gzip");
      expect(undecodedBody(gzip.response)).toBeUndefined();
      expect(gzip.response?.json).toEqual({ data: [1] });
      // Without the flag nothing is left undecoded.
      const eager = await transport.send({ operation: "me", method: "GET", baseUrl, path: "/ok" });
      expect(undecodedBody(eager.response)).toBeUndefined();
    } finally {
      await transport.close();
      await new Promise((done) => echo.close(done));
    }
  });
});

describe("out of memory", () => {
  it("is a harness error (CB_OUT_OF_MEMORY, exit 2), never an outcome of the target's", async () => {
    server = await startHostileServer("json-ok");
    // The allocation failure Node raises under a memory limit, injected where undici dispatches.
    class StarvedTransport extends Transport {
      override pool(origin: string): Pool {
        const pool = super.pool(origin);
        return pool.compose(() => () => {
          throw new RangeError("Array buffer allocation failed");
        }) as unknown as Pool;
      }
    }
    const starved = new StarvedTransport({ timeoutMs: 500, maxBodyBytes: 1024 });
    try {
      const error = await starved
        .send({ operation: "me", method: "GET", baseUrl: server.baseUrl, path: "/me" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HarnessError);
      expect(error).toMatchObject({ code: "CB_OUT_OF_MEMORY" });
      expect((error as Error).message).toBe(
        "out of memory while exchanging GET /me with the target: Array buffer allocation failed",
      );
    } finally {
      await starved.close();
    }
    expect(isOutOfMemory(Object.assign(new Error("x"), { code: "ERR_OUT_OF_MEMORY" }))).toBe(true);
    expect(isOutOfMemory(Object.assign(new Error("zlib"), { code: "Z_MEM_ERROR" }))).toBe(true);
    expect(isOutOfMemory(new RangeError("Invalid status code: 999"))).toBe(false);
    expect(isOutOfMemory(Object.assign(new Error("reset"), { code: "ECONNRESET" }))).toBe(false);
  });
});
