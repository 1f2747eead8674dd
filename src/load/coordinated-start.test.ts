/**
 * Coordinated start: `--start-at` and `--start-after` read into one moment, the wait for it on an injected
 * clock (no real waiting), and a late start told with how late it was.
 */
import { describe, expect, it } from "vitest";
import { SkippingClock } from "../test-support/clocks.js";
import { LATE_START_MS, lateStartNote, resolveStart, waitForStart } from "./coordinated-start.js";

const NOW = Date.parse("2026-05-04T12:00:00Z");

describe("resolveStart", () => {
  it("reads --start-at (RFC 3339, Z or an offset) and --start-after (seconds from now)", () => {
    expect(resolveStart({ startAt: "2026-05-04T12:00:30Z" }, NOW)).toEqual({
      at: NOW + 30_000,
      text: "2026-05-04T12:00:30.000Z",
    });
    expect(resolveStart({ startAt: "2026-05-04T14:00:30.5+02:00" }, NOW)?.at).toBe(NOW + 30_500);
    expect(resolveStart({ startAfter: "12.5" }, NOW)?.at).toBe(NOW + 12_500);
    expect(resolveStart({}, NOW)).toBeUndefined();
    // A moment already past is allowed: the run starts at once and is late.
    expect(resolveStart({ startAt: "2026-05-04T11:59:00Z" }, NOW)?.at).toBe(NOW - 60_000);
  });

  it.each([
    [{ startAt: "2026-05-04 12:00" }, /RFC 3339/],
    [{ startAt: "tomorrow" }, /RFC 3339/],
    [{ startAt: "2026-05-04T12:00:00" }, /RFC 3339/],
    [{ startAt: "2026-13-04T12:00:00Z" }, /RFC 3339/],
    [{ startAt: "2026-05-04T13:00:01Z" }, /at most 3600 s ahead/],
    [{ startAfter: "-1" }, /--start-after must be a number from 0 to 3600/],
    [{ startAfter: "soon" }, /--start-after/],
    [{ startAt: "2026-05-04T12:00:30Z", startAfter: 3 }, /not both/],
  ])("refuses %j in one line", (input, message) => {
    expect(() => resolveStart(input, NOW)).toThrow(message);
  });
});

describe("waitForStart", () => {
  it("waits on the clock until the moment, and is on time", async () => {
    const clock = new SkippingClock();
    const plan = { at: clock.now() + 30_000, text: "in 30 s" };
    const outcome = await waitForStart(plan, clock);
    expect(clock.now()).toBeGreaterThanOrEqual(plan.at);
    expect(outcome?.isLate).toBe(false);
    expect(outcome?.lateMs).toBeLessThan(LATE_START_MS);
    expect(clock.skippedMs).toBeGreaterThan(29_000);
  });

  it("starts at once past the moment, and says how late", async () => {
    const clock = new SkippingClock();
    const plan = { at: clock.now() - 3_000, text: "2026-05-04T12:00:00.000Z" };
    const outcome = await waitForStart(plan, clock);
    expect(outcome?.isLate).toBe(true);
    expect(outcome?.lateMs).toBeGreaterThanOrEqual(3_000);
    expect(lateStartNote(outcome!, "2/4")).toMatch(
      /^segment 2\/4 started 3\.\d s after --start-at 2026-05-04T12:00:00.000Z \(late\)/,
    );
  });

  it("ends the wait when the signal aborts (an interruption), without a start", async () => {
    const clock = new SkippingClock();
    const stop = new AbortController();
    stop.abort();
    expect(await waitForStart({ at: clock.now() + 60_000, text: "" }, clock, stop.signal)).toBeUndefined();
  });
});
