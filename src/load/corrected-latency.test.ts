/**
 * Property: latency corrected for coordinated omission is never below the uncorrected latency, at any
 * percentile. It is measured from the intended send time, which is never after the actual send; a timer
 * that fires a little before its slot must not make a request look faster than it was.
 * Checked on synthetic schedules (timers early and late, bursts of slow answers) through the driver's own
 * schedule and recording, and on a real open-model run against the embedded reference server.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedTarget, startEmbeddedTarget } from "./embedded-target.js";
import { createHistogram, type Histogram } from "./latency-histogram.js";
import { loadProfile } from "./load-profile-file.js";
import { buildRequestMix } from "./request-mix.js";
import { type ItemLatency, recordLatency, runPhase } from "./run-phase.js";
import { ConnectionSchedule, intendedSendTime } from "./send-schedule.js";
import { Tallies } from "./tallies.js";

const PERCENTILES = [0, 1, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 100];

/** Percentiles (fixed, and `extra` ones) where corrected is below uncorrected. */
function dips(h: ItemLatency, extra: number[] = []): string[] {
  const at = (x: Histogram, p: number) => x.getValueAtPercentile(p);
  return [...PERCENTILES, ...extra]
    .filter((p) => at(h.corrected, p) < at(h.uncorrected, p))
    .map((p) => `p${p}: corrected ${at(h.corrected, p)} µs < uncorrected ${at(h.uncorrected, p)} µs`);
}

/** One request of a synthetic run: how far off its timer fires, and how long the answer takes. */
const request = fc.record({
  // Timers have millisecond granularity: they fire up to ~1 ms early, or late by scheduling delays.
  timerMs: fc.oneof(
    fc.double({ min: -1.5, max: 0, noNaN: true }),
    fc.double({ min: 0, max: 30, noNaN: true }),
  ),
  // Mostly quick answers, some bursts of slow ones (a stall holds back the connection's next slots).
  serviceMs: fc.oneof(
    { weight: 8, arbitrary: fc.double({ min: 0.05, max: 5, noNaN: true }) },
    { weight: 1, arbitrary: fc.double({ min: 50, max: 800, noNaN: true }) },
  ),
});

const schedule = fc.record({
  rate: fc.integer({ min: 5, max: 5000 }),
  connections: fc.array(fc.array(request, { minLength: 1, maxLength: 60 }), { minLength: 1, maxLength: 6 }),
});

/** Drives a synthetic run the way `driveLoad` paces sends, recording with `recordLatency`. */
function simulate(run: {
  rate: number;
  connections: { timerMs: number; serviceMs: number }[][];
}): ItemLatency {
  const h = { corrected: createHistogram(), uncorrected: createHistogram() };
  const startedAt = 1000;
  run.connections.forEach((requests, index) => {
    const slots = new ConnectionSchedule(startedAt, run.rate, run.connections.length, index);
    let now = startedAt;
    for (const r of requests) {
      const due = slots.nextDue();
      // Ahead of the schedule: wait for a timer, which fires off its due time (never before it was set).
      const sentAt = due > now ? Math.max(now, due + r.timerMs) : now;
      const endedAt = sentAt + r.serviceMs;
      recordLatency(h, { intendedAt: intendedSendTime(due, sentAt), sentAt, endedAt });
      now = endedAt;
    }
  });
  return h;
}

describe("corrected latency is never below uncorrected", () => {
  it("on synthetic open-model schedules: early and late timers, bursts of slow answers", () => {
    fc.assert(
      fc.property(
        schedule,
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { maxLength: 20 }),
        (run, ps) => {
          const h = simulate(run);
          expect(h.corrected.totalCount).toBe(h.uncorrected.totalCount);
          expect(dips(h, ps)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("intended send time is the slot, or the send when the timer fired before the slot", () => {
    expect(intendedSendTime(100, 103)).toBe(100);
    expect(intendedSendTime(100, 99.4)).toBe(99.4);
    expect(intendedSendTime(undefined, 42)).toBe(42);
  });

  describe("on a real open-model run against the embedded reference server", () => {
    let server: EmbeddedTarget;
    beforeAll(async () => {
      server = await startEmbeddedTarget({ rateLimit: 1e9, callsPerDay: 1e9, recordsPerDay: 1e12 });
    });
    afterAll(() => server.close());

    it("every mix item, at every percentile", async () => {
      const profile = loadProfile("latency");
      const phase = await runPhase({
        baseUrl: server.url,
        apiKey: server.keys.plus,
        requests: buildRequestMix(profile, { ...server.fixtures }, server.url),
        connections: 4,
        rate: 200,
        // Ends at its call count (1.5 s when the machine keeps the rate); the duration only bounds a machine
        // too loaded to keep it, which then still gathers the samples the property needs.
        durationSeconds: 30,
        maxCalls: 300,
        tallies: new Tallies(),
      });
      expect(phase.model).toBe("open (fixed rate)");
      // Enough samples for the property, with room for a machine too loaded to keep the rate.
      expect(phase.drive.responses).toBeGreaterThan(100);
      expect([...phase.latency.keys()].sort()).toEqual(["batch-50-all-extensions", "entity-get", "resolve"]);
      for (const [name, h] of phase.latency) {
        expect(h.corrected.totalCount, name).toBeGreaterThan(20);
        expect(dips(h), name).toEqual([]);
        fc.assert(
          fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (p) => {
            expect(h.corrected.getValueAtPercentile(p)).toBeGreaterThanOrEqual(
              h.uncorrected.getValueAtPercentile(p),
            );
          }),
        );
      }
    });
  });
});
