import { afterEach, describe, expect, it } from "vitest";
import { startServer } from "../server/index.js";
import type { FaultStep, RunningServer, TraceEntry } from "../server/types.js";
import { CbClient } from "./cb-client.js";
import { CbApiError } from "./errors.js";
import { EXTENSION_NAMES } from "./types.js";

const ALL_FOUR = [...EXTENSION_NAMES];
/** Ids outside the graph's number space: they come back in coverage.missing, which is enough to count batches. */
const ids = (count: number) => Array.from({ length: count }, (_, i) => `cb:org:${100000000 + i}`);

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(steps: FaultStep[] = [], latencyMs = 0) {
  server = await startServer({ trace: true, faultPlan: { steps, latencyMs } });
  return server;
}

function clientFor(s: RunningServer, key = s.keys.plus) {
  return new CbClient({ baseUrl: s.url, apiKey: key, retry: { retry503DelayMs: 20 } });
}

const batchSizes = (trace: TraceEntry[]) =>
  [...trace].sort((a, b) => a.n - b.n).map((e) => (JSON.parse(e.body) as { ids: string[] }).ids.length);

async function apiErrorOf(promise: Promise<unknown>): Promise<CbApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CbApiError);
  return err as CbApiError;
}

describe("CbClient", () => {
  it("splits into batches of at most 50 with all four extensions and 100 otherwise, dropping repeats", async () => {
    const s = await start();
    const client = clientFor(s);
    await client.batch([...ids(120), ...ids(5)], { extend: ALL_FOUR });
    expect(batchSizes(s.trace)).toEqual([50, 50, 20]);
    s.trace.length = 0;
    const pages = await client.batch(ids(120));
    expect(batchSizes(s.trace)).toEqual([100, 20]);
    expect(pages.flatMap((p) => p.coverage.missing)).toHaveLength(120);
  });

  it("waits Retry-After after a 429 and then sends the same request again", async () => {
    const s = await start([
      { call: 1, operation: "entity-batch", status: 429, code: "volume_limit", retryAfterSeconds: 1 },
    ]);
    await clientFor(s).batch(ids(10));
    const [first, second] = [...s.trace].sort((a, b) => a.n - b.n);
    expect(first.status).toBe(429);
    expect(second.status).toBe(200);
    expect(second.startedAt - first.endedAt).toBeGreaterThanOrEqual(1000);
    expect(second.body).toBe(first.body);
  });

  it("retries a 503 with the same request, a bounded number of times", async () => {
    const s = await start([{ call: 1, operation: "entity-batch", status: 503, code: "data_unavailable" }]);
    await clientFor(s).batch(ids(3));
    expect(s.trace.map((e) => e.status).sort()).toEqual([200, 503]);
    expect(new Set(s.trace.map((e) => e.body)).size).toBe(1);
    await s.close();
    const sticky = await start([
      { call: 1, operation: "entity-batch", status: 503, code: "data_unavailable", sticky: true },
    ]);
    const client = new CbClient({
      baseUrl: sticky.url,
      apiKey: sticky.keys.plus,
      retry: { retry503DelayMs: 10, max503Retries: 2 },
    });
    const err = await apiErrorOf(client.batch(ids(3)));
    expect([err.status, err.code, err.fatal]).toEqual([503, "data_unavailable", false]);
    expect(sticky.trace).toHaveLength(3);
  });

  it.each([
    [401, "invalid_token"],
    [402, "credits_exhausted"],
    [403, "plan_required"],
  ])("stops on %i with a fatal typed error and makes no further call", async (status, code) => {
    const extra =
      status === 403 ? { required_tier: "plus", upgrade_url: "https://example.invalid/up" } : undefined;
    const s = await start([{ call: 1, status, code, extra, sticky: true }]);
    const err = await apiErrorOf(clientFor(s).batch(ids(120), { extend: ALL_FOUR }));
    expect([err.status, err.code, err.fatal]).toEqual([status, code, true]);
    if (status === 403) expect(err.requiredTier).toBe("plus");
    expect(s.trace).toHaveLength(1);
  });

  it("yields a chunk refused with 400 as an error and goes on with the next chunk", async () => {
    const s = await start([{ call: 1, operation: "entity-batch", status: 400, code: "invalid_arguments" }]);
    const chunks = [];
    for await (const chunk of clientFor(s).batchChunks(ids(60), { extend: ALL_FOUR })) chunks.push(chunk);
    expect(chunks.map((c) => [c.ids.length, c.error?.status ?? 200])).toEqual([
      [50, 400],
      [10, 200],
    ]);
    expect(s.trace).toHaveLength(2);
  });

  it("throws a 429 whose Retry-After is longer than maxRetryAfterS instead of waiting", async () => {
    const s = await start([
      { call: 1, operation: "entity-batch", status: 429, code: "volume_limit", retryAfterSeconds: 3600 },
    ]);
    const err = await apiErrorOf(clientFor(s).batch(ids(3)));
    expect([err.status, err.retryAfter, err.fatal]).toEqual([429, 3600, false]);
    expect(s.trace).toHaveLength(1);
  });

  it("has a typed method for every operation", async () => {
    const s = await start();
    const client = clientFor(s);
    const me = await client.me();
    expect(me.api_access).toBe(true);
    await client.capabilities();
    await client.usage();
    const resolved = await client.resolve(s.fixtures.resolve_queries[0], { limit: 5 });
    expect(resolved.contract).toBe("cb/v1");
    const entity = await client.getEntity(s.fixtures.org_ids[0], { extend: ALL_FOUR, include: ["*"] });
    expect(entity.data.entities[0]?.id).toBe(s.fixtures.org_ids[0]);
    await client.search({ limit: 3 });
    await client.traversals({ seeds: [s.fixtures.org_ids[0]], hops: 1 });
    expect(s.trace.map((e) => [e.operation, e.status])).toEqual(
      ["me", "capabilities", "usage", "resolve", "entity-get", "search", "traversals"].map((op) => [op, 200]),
    );
  });

  it("never has two calls in flight, even when callers run concurrently", async () => {
    const s = await start([], 30);
    const client = clientFor(s);
    await Promise.all([client.me(), client.capabilities(), client.usage(), client.me()]);
    const sorted = [...s.trace].sort((a, b) => a.startedAt - b.startedAt);
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i].startedAt).toBeGreaterThanOrEqual(sorted[i - 1].endedAt);
  });

  it("keeps the key out of errors and serialisation", async () => {
    const s = await start([{ call: 1, status: 401, code: "invalid_token" }]);
    const client = clientFor(s);
    const err = await apiErrorOf(client.me());
    const key = s.keys.plus;
    for (const text of [String(err), err.stack ?? "", JSON.stringify(err), JSON.stringify(client)]) {
      expect(text).not.toContain(key);
    }
  });
});
