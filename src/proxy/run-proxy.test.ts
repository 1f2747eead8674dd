import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import type { Report } from "../report/model.js";
import { startServer } from "../server/index.js";
import type { RunningServer, ServerOptions } from "../server/types.js";
import { keyHash } from "./key-hash.js";
import { runProxy } from "./run-proxy.js";
import type { SessionClock } from "./session-clock.js";

const closers: Array<() => Promise<void>> = [];

/** A clock whose timers never fire: the stop waits for every exchange to be judged, however busy the machine. */
const PATIENT: SessionClock = { now: () => Date.now(), after: () => () => {} };
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

/** A proxy in front of `target`; `stop()` ends the session and returns its report and live lines. */
async function proxyTo(target: string, timeoutMs = 10_000, maxBodyBytes = 1 << 20) {
  const abort = new AbortController();
  const lines: string[] = [];
  let base = "";
  let stopper: () => Promise<Report> = async () => {
    throw new Error("not started");
  };
  const listening = new Promise<void>((resolve) => {
    const result = runProxy(
      { target, listen: "127.0.0.1:0", timeoutMs, maxBodyBytes },
      {
        signal: abort.signal,
        onListening: (url) => {
          base = url;
          resolve();
        },
        onViolation: (line) => lines.push(line),
        clock: PATIENT,
      },
    );
    stopper = async () => {
      // Judging runs on setImmediate after each answer: let it finish before stopping.
      await new Promise((r) => setTimeout(r, 50));
      abort.abort();
      return (await result).report;
    };
  });
  await listening;
  return { base: () => base, lines, stop: () => stopper() };
}

async function reference(options: ServerOptions = {}): Promise<RunningServer> {
  const server = await startServer(options);
  closers.push(() => server.close());
  return server;
}

async function call(url: string, key: string | undefined, init: { method?: string; body?: unknown } = {}) {
  const res = await request(url, {
    method: (init.method ?? "GET") as "GET",
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, text };
}

const failing = (report: Report) => report.results.filter((r) => r.status !== "pass").map((r) => r.id);

describe("cbcheck proxy", () => {
  it("passes a correct client and forwards answers unchanged", async () => {
    const server = await reference();
    const proxy = await proxyTo(server.url);
    const direct = await call(`${server.url}/capabilities`, server.keys.plus);
    const viaProxy = await call(`${proxy.base()}/capabilities`, server.keys.plus);
    expect(viaProxy.status).toBe(direct.status);
    const ids = server.fixtures.known_ids.slice(0, 3);
    const batch = await call(`${proxy.base()}/entities/batch`, server.keys.plus, {
      method: "POST",
      body: { ids },
    });
    expect(batch.status).toBe(200);
    await call(
      `${proxy.base()}/resolve?query=${encodeURIComponent(server.fixtures.resolve_queries[0])}`,
      server.keys.plus,
    );
    const report = await proxy.stop();
    expect(failing(report)).toEqual([]);
    expect(report.verdict).toBe("pass");
    expect(report.summary.calls).toBe(3);
    expect(proxy.lines).toEqual([]);
  });

  it("catches each client-rule violation, per key hash, never showing the key", async () => {
    const server = await reference();
    const proxy = await proxyTo(server.url);
    const key = server.keys.plus;
    const ids = server.fixtures.known_ids;
    const many = Array.from({ length: 101 }, (_, i) => ids[i % ids.length]);
    // 101 ids: a 400; then the same request again.
    await call(`${proxy.base()}/entities/batch`, key, { method: "POST", body: { ids: many } });
    await call(`${proxy.base()}/entities/batch`, key, { method: "POST", body: { ids: many } });
    await call(`${proxy.base()}/entities/batch`, key, {
      method: "POST",
      body: { ids: ids.slice(0, 1), extra: 1 },
    });
    await call(`${proxy.base()}/me?api_key=${key}`, key);
    await call(`${proxy.base()}/me`, undefined);
    await Promise.all([
      call(`${proxy.base()}/entities/batch`, key, { method: "POST", body: { ids: ids.slice(0, 50) } }),
      call(`${proxy.base()}/entities/batch`, key, { method: "POST", body: { ids: ids.slice(0, 50) } }),
      call(`${proxy.base()}/entities/batch`, key, { method: "POST", body: { ids: ids.slice(0, 50) } }),
    ]);
    // A revoked key: 401, then another call with it.
    await call(`${proxy.base()}/me`, server.keys.revoked);
    await call(`${proxy.base()}/capabilities`, server.keys.revoked);
    const report = await proxy.stop();
    const bad = failing(report);
    for (const id of [
      "client.batch_ids_1_to_100",
      "client.no_resend_400",
      "client.body_contract_properties",
      "client.bearer_auth",
      "client.stop_on_fatal",
    ])
      expect(bad, id).toContain(id);
    expect(report.results.find((r) => r.id === "client.stop_on_fatal" && r.status !== "pass")?.suite).toBe(
      `client ${keyHash(server.keys.revoked)}`,
    );
    expect(report.verdict).toBe("fail");
    const everything = JSON.stringify(report) + proxy.lines.join("\n");
    for (const secret of Object.values(server.keys)) expect(everything).not.toContain(secret);
    expect(proxy.lines.some((l) => l.includes(keyHash(key)))).toBe(true);
  });

  it("catches parallel batch calls and an early call after a 429", async () => {
    // Answers held 100 ms: the two calls sent together overlap however soon a warm server could answer the first
    // (the answer once came before the second call reached the proxy, on a busy machine).
    const server = await reference({ rateLimit: 2, rateWindowMs: 60_000, latencyMs: 100 });
    const proxy = await proxyTo(server.url);
    const key = server.keys.plus;
    const ids = server.fixtures.known_ids.slice(0, 2);
    const body = { ids };
    await Promise.all(
      [1, 2].map(() => call(`${proxy.base()}/entities/batch`, key, { method: "POST", body })),
    );
    const third = await call(`${proxy.base()}/entities/batch`, key, { method: "POST", body });
    expect(third.status).toBe(429);
    await call(`${proxy.base()}/entities/batch`, key, { method: "POST", body });
    const report = await proxy.stop();
    expect(failing(report)).toEqual(expect.arrayContaining(["client.wait_retry_after"]));
    expect(report.results.some((r) => r.id === "client.sequential_calls" && r.status === "warn")).toBe(true);
  });

  it("judges a request body nested 200,000 deep and every exchange after it (the judge never dies of depth)", async () => {
    const server = await reference();
    const proxy = await proxyTo(server.url);
    const deep = `{"ids":${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    for (let i = 0; i < 2; i++) {
      const res = await request(`${proxy.base()}/entities/batch`, {
        method: "POST",
        headers: { authorization: `Bearer ${server.keys.plus}`, "content-type": "application/json" },
        body: deep,
      });
      await res.body.arrayBuffer();
    }
    await call(`${proxy.base()}/me`, server.keys.plus);
    const report = await proxy.stop();
    expect(report.summary.calls).toBe(3);
    expect(report.results.find((r) => r.id === "harness.judging_unfinished")).toBeUndefined();
    expect(report.notes?.[0]).toContain("3 judged, 0 not judged");
    expect(failing(report)).toContain("client.body_contract_properties");
  });

  it("finds a server-side violation of a mutated reference server", async () => {
    const server = await reference({ mutation: "resolve-cursor-set" });
    const proxy = await proxyTo(server.url);
    await call(
      `${proxy.base()}/resolve?query=${encodeURIComponent(server.fixtures.resolve_queries[0])}`,
      server.keys.plus,
    );
    const report = await proxy.stop();
    expect(report.results.find((r) => r.suite === "server" && r.status === "fail")?.id).toBe(
      "resolve.cursor_null",
    );
  });

  it("judges the JSON inside a gzip answer a client asked for (no false alarm), and catches broken gzip", async () => {
    const gzipped = async (url: string, key: string) => {
      const res = await request(url, {
        headers: { authorization: `Bearer ${key}`, "accept-encoding": "gzip" },
      });
      const encoding = res.headers["content-encoding"];
      await res.body.arrayBuffer();
      return encoding;
    };
    const server = await reference();
    const proxy = await proxyTo(server.url);
    const id = encodeURIComponent(server.fixtures.known_ids[0]);
    expect(await gzipped(`${proxy.base()}/entities/${id}`, server.keys.plus)).toBe("gzip");
    expect(failing(await proxy.stop())).toEqual([]);

    // A server that labels plain JSON as gzip: its body is not JSON the client can read.
    const liar: Server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end("{}");
    });
    await new Promise<void>((resolve) => liar.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => liar.close(() => resolve())));
    const liarProxy = await proxyTo(`http://127.0.0.1:${(liar.address() as AddressInfo).port}/v1`);
    await gzipped(`${liarProxy.base()}/capabilities`, "k");
    const report = await liarProxy.stop();
    const json = report.results.find((r) => r.id === "http.json_body");
    expect(json?.status).toBe("fail");
    expect(JSON.stringify(json?.counterexamples)).toContain("not valid gzip");
  });

  it("decodes a gzip answer no further than its --max-body-bytes", async () => {
    // 2 MiB of JSON in a few KiB of gzip, behind a proxy whose cap is 1 MiB (proxyTo's default here).
    const big = gzipSync(Buffer.from(JSON.stringify({ pad: " ".repeat(2 * 1024 * 1024) })));
    const bomb: Server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(big);
    });
    await new Promise<void>((resolve) => bomb.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => bomb.close(() => resolve())));
    const proxy = await proxyTo(`http://127.0.0.1:${(bomb.address() as AddressInfo).port}/v1`);
    await request(`${proxy.base()}/capabilities`, { headers: { "accept-encoding": "gzip" } }).then((r) =>
      r.body.arrayBuffer(),
    );
    const json = (await proxy.stop()).results.find((r) => r.id === "http.json_body");
    expect(json?.status).toBe("fail");
    expect(JSON.stringify(json?.counterexamples)).toContain(`decodes to more than ${1 << 20} bytes`);
  });

  it("does not judge a response whose copy the cap cut (no false alarm), and says so: incomplete", async () => {
    const server = await reference();
    const proxy = await proxyTo(server.url, 10_000, 20);
    const whole = await call(`${proxy.base()}/capabilities`, server.keys.plus);
    expect(() => JSON.parse(whole.text)).not.toThrow();
    const report = await proxy.stop();
    expect(report.results.filter((r) => r.status === "fail")).toEqual([]);
    expect(report.verdict).toBe("incomplete");
    expect(report.notes?.join(" ")).toContain("0 judged, 1 not judged");
  });

  it("without a target starts the embedded reference server, whose keys --seed fixes", async () => {
    const twin = await reference({ seed: 7, keySeed: 7 });
    const abort = new AbortController();
    let base = "";
    const session = runProxy(
      { listen: "127.0.0.1:0", timeoutMs: 10_000, maxBodyBytes: 1 << 20, seed: 7, maxExchanges: 1 },
      { signal: abort.signal, onListening: (url) => (base = url) },
    );
    while (base === "") await new Promise((r) => setTimeout(r, 10));
    expect((await call(`${base}/me`, twin.keys.plus)).status).toBe(200);
    const { report } = await session;
    expect(report.target).toMatchObject({ embedded: true });
    expect(report.verdict).toBe("pass");
  });

  it("answers 502 for a target that resets and 504 for one that stalls", async () => {
    const hostile: Server = createServer((req, res) => {
      if (req.url?.includes("reset")) req.socket.destroy();
      else setTimeout(() => res.end("{}"), 3_000);
    });
    await new Promise<void>((r) => hostile.listen(0, "127.0.0.1", () => r()));
    closers.push(async () => {
      hostile.closeAllConnections();
      await new Promise((r) => hostile.close(r));
    });
    const { port } = hostile.address() as AddressInfo;
    const proxy = await proxyTo(`http://127.0.0.1:${port}/v1`, 300);
    const reset = await call(`${proxy.base()}/reset`, "k");
    expect(reset.status).toBe(502);
    expect(JSON.parse(reset.text).error.code).toBe("proxy_target_unreachable");
    const stall = await call(`${proxy.base()}/stall`, "k");
    expect(stall.status).toBe(504);
    expect(JSON.parse(stall.text).error).toMatchObject({ code: "proxy_target_timeout" });
    const report = await proxy.stop();
    const row = report.results.find((r) => r.id === "transport.response_received");
    expect(row?.status).toBe("fail");
    expect(row?.exchanges).toBe(2);
  });
});
