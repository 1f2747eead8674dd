/**
 * The monitor honours every Retry-After: against a server whose rate limit its pace overruns, no call is sent
 * between a 429 and the end of the wait it asked for (the calls stamped on the shared skipping clock), and the
 * 429s and the seconds waited show on a scrape.
 */
import { writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleValue, scrape } from "../metrics/test-support/scrape.js";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { SkippingClock } from "../test-support/clocks.js";
import { cyclesEnded, startMonitor } from "./test-support/monitor-process.js";
import { type StampingProxy, startStampingProxy } from "./test-support/stamping-proxy.js";

let clock: SkippingClock;
let server: RunningServer;
let proxy: StampingProxy;
beforeAll(async () => {
  clock = new SkippingClock();
  // 4 calls per minute; the monitor paces one call every 6 s (600 an hour): it meets 429s.
  server = await startServer({ clock, rateLimit: 4, rateWindowMs: 60_000 });
  proxy = await startStampingProxy(new URL(server.url).origin, clock);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

describe("cbcheck monitor and Retry-After", () => {
  it("sends nothing until a 429's Retry-After has passed, and counts the 429s and the wait", async () => {
    const dir = await mkdtemp(join(tmpdir(), "cbcheck-retry-"));
    const fixtures = join(dir, "fixtures.json");
    writeFileSync(fixtures, JSON.stringify(server.fixtures));
    const monitor = startMonitor(
      [
        ...["--base-url", `${proxy.origin}/v1`, "--fixtures", fixtures, "--suite", "http", "--runs", "1"],
        ...["--cycle", "1m", "--max-calls-per-hour", "600", "--metrics-port", "0"],
        ...["--state", join(dir, "state.json"), "--report-dir", join(dir, "reports")],
      ],
      { CB_API_KEY: server.keys.plus },
      clock,
    );
    const url = await monitor.metricsUrl();
    await monitor.until(() => cyclesEnded(monitor.lines) >= 1 && proxy.stamps.some((s) => s.status === 429));
    const { families } = await scrape(url);
    monitor.signal("SIGTERM");
    expect((await monitor.done).code).toBe(143);
    const limited = proxy.stamps.filter((s) => s.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const s of limited) {
      const until = s.at + Number(s.retryAfter) * 1000;
      expect(Number(s.retryAfter)).toBeGreaterThan(0);
      expect(proxy.stamps.filter((o) => o.at > s.at && o.at < until)).toEqual([]);
    }
    expect(sampleValue(families, "cbcheck_rate_limited_total", { base: "main" })).toBeGreaterThan(0);
    expect(sampleValue(families, "cbcheck_retry_after_waited_seconds_total")).toBeGreaterThan(0);
  });
});
