/**
 * The key's daily quota as the reference server's `/me` shows it, and the monitor's stop near it: with a
 * server that allows few calls a day, the monitor holds once `/me` shows --quota-stop-at of them used, sends
 * nothing until the day resets (on the shared clock: no real waiting), and says so.
 */
import { writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { SkippingClock } from "../test-support/clocks.js";
import { nextUtcMidnight, quotaLeft, quotaStop, readDailyQuota } from "./daily-quota.js";
import { startMonitor } from "./test-support/monitor-process.js";
import { type StampingProxy, startStampingProxy } from "./test-support/stamping-proxy.js";

const CALLS_PER_DAY = 60;
let clock: SkippingClock;
let server: RunningServer;
let proxy: StampingProxy;
beforeAll(async () => {
  clock = new SkippingClock();
  server = await startServer({ clock, callsPerDay: CALLS_PER_DAY });
  proxy = await startStampingProxy(new URL(server.url).origin, clock);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

async function me(): Promise<unknown> {
  const res = await request(`${server.url}/me`, { headers: { authorization: `Bearer ${server.keys.plus}` } });
  return res.body.json();
}

describe("the daily quota from /me", () => {
  it("reads the reference server's calls per day and when they reset, and stops at the share given", async () => {
    const quota = readDailyQuota(await me());
    expect(quota.calls?.limit).toBe(CALLS_PER_DAY);
    expect(quota.calls?.used).toBeGreaterThan(0);
    const now = clock.now();
    expect(quota.resetsAt).toBe(nextUtcMidnight(now));
    expect(quotaStop({ calls: { used: 53, limit: 60 } }, 0.9, now)).toBeUndefined();
    expect(quotaStop({ calls: { used: 54, limit: 60 } }, 0.9, now)?.until).toBe(nextUtcMidnight(now));
    expect(quotaLeft({ calls: { used: 50, limit: 60 }, records: { used: 0, limit: 1000 } }, 0.9)).toBe(4);
    // A /me that shows no quota (its shape is "not shown") stops nothing.
    expect(readDailyQuota({ credential: { billed_to: "personal" } })).toEqual({});
  });

  it("holds the monitor until the day resets once /me shows the share used, and sends nothing meanwhile", async () => {
    const dir = await mkdtemp(join(tmpdir(), "cbcheck-quota-"));
    const fixtures = join(dir, "fixtures.json");
    writeFileSync(fixtures, JSON.stringify(server.fixtures));
    const monitor = startMonitor(
      [
        ...["--base-url", `${proxy.origin}/v1`, "--fixtures", fixtures, "--suite", "http", "--runs", "1"],
        ...["--cycle", "5m", "--max-calls-per-hour", "600", "--quota-stop-at", "0.5"],
        ...["--state", join(dir, "state.json"), "--report-dir", join(dir, "reports")],
      ],
      { CB_API_KEY: server.keys.plus },
      clock,
    );
    const holding = () => monitor.lines.find((l) => l.includes("holding") && l.includes("daily quota"));
    await monitor.until(() => holding() !== undefined);
    const heldAt = clock.now();
    // Once the day has reset (the clock jumps there), the monitor goes on with the next slice.
    const before = proxy.stamps.length;
    await monitor.until(() => proxy.stamps.length > before + 2);
    monitor.signal("SIGTERM");
    expect((await monitor.done).code).toBe(143);
    const midnight = nextUtcMidnight(heldAt);
    expect(proxy.stamps.filter((s) => s.at >= heldAt && s.at < midnight)).toEqual([]);
    expect(holding()).toMatch(/daily quota: \d+ of 60 calls used today \(--quota-stop-at 0\.5\)/);
  });
});
