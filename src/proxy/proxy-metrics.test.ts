/**
 * `cbcheck proxy --metrics-port`: a scrape (read with a Prometheus text-format parser) counts exchanges and
 * findings per client key hash, never shows a key, and bounds the key label against a client spraying keys.
 */
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newRegistry } from "../metrics/serve-metrics.js";
import { sampleValue, scrape } from "../metrics/test-support/scrape.js";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { expectNoSecret } from "../test-support/expect-no-secret.js";
import { keyHash } from "./key-hash.js";
import { MAX_KEY_LABELS, ProxyMetrics } from "./proxy-metrics.js";
import { runProxy } from "./run-proxy.js";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ mutation: "resolve-cursor-set" });
});
afterAll(() => server.close());

async function call(url: string, key: string): Promise<number> {
  const res = await request(url, { headers: { authorization: `Bearer ${key}` } });
  await res.body.dump();
  return res.statusCode;
}

describe("cbcheck proxy --metrics-port", () => {
  it("serves exchanges and findings per client key hash, without any key", async () => {
    const abort = new AbortController();
    let base = "";
    let metrics = "";
    let session: ReturnType<typeof runProxy> | undefined;
    const ready = new Promise<void>((resolve) => {
      const hooks = {
        signal: abort.signal,
        onListening: (url: string) => {
          base = url;
          if (metrics) resolve();
        },
        onMetricsListening: (url: string) => {
          metrics = url;
          if (base) resolve();
        },
      };
      session = runProxy(
        {
          target: server.url,
          listen: "127.0.0.1:0",
          timeoutMs: 10_000,
          maxBodyBytes: 1 << 20,
          metricsPort: 0,
        },
        hooks,
      );
    });
    await ready;
    const plus = keyHash(server.keys.plus);
    const free = keyHash(server.keys.free);
    expect(await call(`${base}/resolve?query=a`, server.keys.plus)).toBe(200);
    expect(await call(`${base}/resolve?query=b`, server.keys.plus)).toBe(200);
    expect(await call(`${base}/me`, server.keys.free)).toBe(200);
    // Findings come back from the judge thread: scrape until both exchanges' are counted (bounded).
    const finding = { key_hash: plus, side: "server", rule: "resolve.cursor_null", operation: "resolve" };
    const counted = () => sampleValue(seen.families, "cbcheck_proxy_findings_total", finding) ?? 0;
    let seen = await scrape(metrics);
    for (let i = 0; i < 500 && counted() < 2; i++) {
      await new Promise((r) => setTimeout(r, 10));
      seen = await scrape(metrics);
    }
    abort.abort();
    await session;
    const { families, text } = seen;
    const exchanges = (labels: Record<string, string>) =>
      sampleValue(families, "cbcheck_proxy_exchanges_total", labels);
    expect(exchanges({ key_hash: plus, operation: "resolve", status: "200" })).toBe(2);
    expect(exchanges({ key_hash: free, operation: "me", status: "200" })).toBe(1);
    expect(exchanges({ key_hash: free, operation: "resolve" })).toBeUndefined();
    expect(sampleValue(families, "cbcheck_proxy_findings_total", { ...finding, severity: "error" })).toBe(2);
    expect(sampleValue(families, "cbcheck_proxy_findings_total", { key_hash: free })).toBeUndefined();
    expect(text).toMatch(
      new RegExp(
        `^cbcheck_proxy_request_duration_seconds_count\\{key_hash="${plus}",operation="resolve"\\} 2$`,
        "m",
      ),
    );
    for (const key of [server.keys.plus, server.keys.free]) expectNoSecret(text, key, "the scrape");
  });

  it(`gives at most ${MAX_KEY_LABELS} key hashes a label of their own, the rest 'other'`, async () => {
    const registry = newRegistry();
    const metrics = new ProxyMetrics(registry, "http://127.0.0.1:1/v1");
    for (let i = 0; i < MAX_KEY_LABELS + 5; i++)
      metrics.exchange({
        n: i,
        method: "GET",
        url: "/v1/me",
        rawHeaders: ["Authorization", `Bearer sprayed-key-${i}`],
        startedAt: 0,
        endedAt: 5,
        status: 401,
        responseHeaders: [],
      });
    const labels = (await metrics.exchanges.get()).values.map((v) => v.labels.key_hash);
    expect(new Set(labels).size).toBe(MAX_KEY_LABELS + 1);
    expect((await metrics.exchanges.get()).values.find((v) => v.labels.key_hash === "other")?.value).toBe(5);
  });
});
