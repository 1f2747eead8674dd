/**
 * The cycle plan: slices cut so that each fits in the hour's call budget (the runner's shards are cut by a hash
 * of each case, so they are not equal), and every case of the whole plan in exactly one slice.
 */
import { describe, expect, it } from "vitest";
import { createGraph } from "../server/graph/create-graph.js";
import { normaliseFixtures } from "../vocabulary/target-fixtures.js";
import { planCycle, planSlice } from "./cycle-plan.js";
import { resolveMonitorOptions } from "./options.js";

const fixtures = normaliseFixtures(createGraph({ seed: 7, orgs: 300 }).fixtures());
const options = (maxCallsPerHour: number) =>
  resolveMonitorOptions({
    baseUrl: "http://127.0.0.1:9/v1",
    env: { CB_API_KEY: "k" },
    suites: ["http", "schema", "negative"],
    runs: 5,
    cycle: "1h",
    maxCallsPerHour,
  });

describe("planCycle", () => {
  it.each([30, 45, 360])("cuts slices that each fit in --max-calls-per-hour %i", (perHour) => {
    const o = options(perHour);
    const plan = planCycle(o, fixtures, 3);
    const spec = { cycle: 1, seed: 3, fixtures, paceS: 1, maxCredits: 0, count: plan.slices };
    const totals = Array.from(
      { length: plan.slices },
      (_, i) => planSlice(o, { ...spec, index: i + 1 }).total,
    );
    expect(Math.max(...totals)).toBeLessThanOrEqual(perHour);
    // Every case in exactly one slice: the slices' calls add up to the whole (one /me preflight per slice more).
    const whole = planSlice(o, { ...spec, index: 1, count: 1 }).total;
    expect(plan.calls).toBe(whole + plan.slices - 1);
    expect(plan.paceS).toBeGreaterThanOrEqual(3600 / perHour);
  });
});
