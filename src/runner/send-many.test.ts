/**
 * `SuiteContext.sendMany` on a real engine against a tiny HTTP server on port 0 that counts the requests
 * in flight: never more than N at once (and N reached, so it is really concurrent), a 429 waited out for
 * every later send and the request resent, the `--max-calls` budget kept exactly.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import { normaliseFixtures } from "../vocabulary/target-fixtures.js";
import { createSuiteContext } from "./context.js";
import { RunEngine } from "./engine.js";
import { resolveRunOptions } from "./options.js";
import { planRun } from "./plan.js";

interface Probe {
  baseUrl: string;
  inFlight: number;
  maxInFlight: number;
  /** Arrival time (ms) of every request, and when the one 429 was answered. */
  arrivals: number[];
  sent429At?: number;
  server: Server;
}

const open: { probe: Probe; engine: RunEngine }[] = [];
afterEach(async () => {
  for (const { probe, engine } of open.splice(0)) {
    await engine.close();
    await new Promise((done) => probe.server.close(done));
  }
});

/** A server that answers 200 `{}` after 10-29 ms, or 429 (Retry-After: 1) to the first request if asked. */
async function start(first429: boolean, maxCalls = 1000) {
  const probe = { inFlight: 0, maxInFlight: 0, arrivals: [] } as unknown as Probe;
  probe.server = createServer((req, res) => {
    probe.arrivals.push(performance.now());
    probe.inFlight++;
    probe.maxInFlight = Math.max(probe.maxInFlight, probe.inFlight);
    const answer = (status: number, headers: Record<string, string> = {}) => {
      probe.inFlight--;
      res.writeHead(status, { "content-type": "application/json", ...headers }).end("{}");
    };
    if (first429 && probe.arrivals.length === 1) {
      probe.sent429At = performance.now();
      answer(429, { "retry-after": "1" });
    } else {
      // Uneven delays, so that responses complete out of request order.
      const i = Number(new URL(req.url ?? "/", "http://x").searchParams.get("i"));
      setTimeout(() => answer(200), 10 + ((i * 7) % 20));
    }
    req.resume();
  });
  await new Promise<void>((ready) => probe.server.listen(0, "127.0.0.1", ready));
  probe.baseUrl = `http://127.0.0.1:${(probe.server.address() as AddressInfo).port}/v1`;
  const fixtures = { known_ids: ["cb:org:123456789"] };
  const options = resolveRunOptions({ baseUrl: probe.baseUrl, env: { CB_API_KEY: "k" }, fixtures, maxCalls });
  const target = { baseUrl: probe.baseUrl, isLoopback: true, embedded: false };
  const on = { target, hasFreeKey: false, hasRevokedKey: false, fixtures: normaliseFixtures(fixtures) };
  const plan = planRun(options, { ...on, discover: false }, []);
  const engine = new RunEngine(options, target, { main: "k" }, on.fixtures, plan);
  open.push({ probe, engine });
  return { probe, engine, ctx: createSuiteContext(engine, "schema") };
}

const requests = (n: number): PlannedRequest[] =>
  Array.from({ length: n }, (_, i) => ({
    operation: "me",
    method: "GET",
    path: "/me",
    query: { i: `${i}` },
  }));

describe("SuiteContext.sendMany", () => {
  it("keeps at most N requests in flight, reaches N, and hands the exchanges over in request order", async () => {
    for (const n of [1, 3]) {
      const { probe, engine, ctx } = await start(false);
      const seen: string[] = [];
      const { exchanges, stopped } = await ctx.sendMany(requests(24), n, (ex, i) => {
        seen.push(`${i}:${ex.request.query?.i}`);
      });
      expect(stopped).toBeUndefined();
      expect(seen).toEqual(requests(24).map((r, i) => `${i}:${r.query?.i}`));
      expect(probe.maxInFlight).toBe(n);
      expect(engine.calls).toBe(24);
      expect(exchanges.map((ex) => ex.request.query?.i)).toEqual(requests(24).map((r) => r.query?.i));
      expect(exchanges.every((ex) => ex.response?.status === 200)).toBe(true);
    }
  });

  it("after a 429 starts no new request before Retry-After, then resends it", async () => {
    const { probe, engine, ctx } = await start(true);
    const started = performance.now();
    const { exchanges } = await ctx.sendMany(requests(12), 3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    expect(exchanges.map((ex) => ex.response?.status)).toEqual(new Array(12).fill(200));
    expect(probe.arrivals.length).toBe(13);
    expect(engine.calls).toBe(13);
    // Only requests already on their way when the 429 reached the client may arrive inside the hold.
    const t = probe.sent429At ?? 0;
    expect(probe.arrivals.filter((a) => a > t && a < t + 950).length).toBeLessThanOrEqual(2);
    expect(probe.maxInFlight).toBeLessThanOrEqual(3);
  });

  it("stops exactly at --max-calls and hands back what completed before the stop", async () => {
    const { probe, engine, ctx } = await start(false, 10);
    const { exchanges, stopped } = await ctx.sendMany(requests(24), 4);
    expect(stopped?.reason).toBe("max-calls");
    expect(probe.arrivals.length).toBe(10);
    expect(engine.calls).toBe(10);
    expect(exchanges.map((ex) => ex.request.query?.i)).toEqual(requests(10).map((r) => r.query?.i));
  });
});
