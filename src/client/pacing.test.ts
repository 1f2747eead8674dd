import { describe, expect, it } from "vitest";
import { SkippingClock } from "../test-support/clocks.js";
import { parseRetryAfterSeconds, SequentialPacer } from "./pacing.js";

describe("parseRetryAfterSeconds", () => {
  it("accepts whole seconds only", () => {
    expect(parseRetryAfterSeconds("2")).toBe(2);
    expect(parseRetryAfterSeconds(" 30 ")).toBe(30);
    for (const bad of ["1.5", "-1", "", "soon", "Wed, 21 Oct 2015 07:28:00 GMT", undefined, null]) {
      expect(parseRetryAfterSeconds(bad)).toBeUndefined();
    }
  });
});

describe("SequentialPacer", () => {
  // On a clock that skips its waits: the order and the holds are the pacer's, no test waits them out (a
  // hold measured in real time came out 1 ms short on a busy machine: the hold starts before the stopwatch).
  it("runs calls one after another even when started together", async () => {
    const clock = new SkippingClock();
    const pacer = new SequentialPacer({ clock });
    const spans: Array<[number, number]> = [];
    const task = async () => {
      const start = clock.now();
      await clock.sleep(15);
      spans.push([start, clock.now()]);
    };
    await Promise.all([pacer.run(task), pacer.run(task), pacer.run(task)]);
    expect(spans).toHaveLength(3);
    for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1]);
  });

  it("holds every later call until the hold has passed, and never shortens a hold", async () => {
    const clock = new SkippingClock();
    const pacer = new SequentialPacer({ clock });
    const start = clock.now();
    pacer.holdFor(0.2);
    pacer.holdFor(0.05);
    await pacer.run(async () => undefined);
    expect(clock.now() - start).toBeGreaterThanOrEqual(200);
    expect(clock.skippedMs).toBeGreaterThan(0);
    expect(pacer.waitMs).toBe(0);
  });

  it("keeps running after a call fails", async () => {
    const pacer = new SequentialPacer();
    await expect(pacer.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(pacer.run(async () => 7)).resolves.toBe(7);
  });
});
