/**
 * The plan holds the run to what it says: every suite sends at most its planned calls (exactly them where
 * no response decides how many), the budget follows the plan, a declared limit paces the calls and lowers
 * the generated cases only when they would not fit.
 */
import { describe, expect, it } from "vitest";
import { HarnessError } from "../errors.js";
import { normaliseFixtures } from "../vocabulary/target-fixtures.js";
import { resolveRunOptions, SUITE_ORDER } from "./options.js";
import { planRun } from "./plan.js";
import { runConformance } from "./run-conformance.js";
import { SUITES } from "./suites/index.js";

/** Suites whose calls no response can change: the plan is exact for them. */
const EXACT = new Set(["http", "auth", "negative", "alt-base-url", "batch-limits"]);

/**
 * Calls the `schema` suite's answers may save: its meaning steps fetch only the main units the sub-units name
 * (up to 3) and the group parents the data has (up to 2 batches); everything else it sends is exact.
 */
const SCHEMA_SLACK = 3 + 2;

describe("the plan of the embedded run", () => {
  it("bounds every suite's calls, exactly where no response decides them", async () => {
    for (const suite of SUITE_ORDER) {
      let planned = 0;
      const options = resolveRunOptions({ seed: 4, runs: 6, suites: [suite] });
      const { report } = await runConformance(options, {
        onPlan: (p) => {
          planned = p.total;
        },
      });
      const calls = report.summary.calls ?? 0;
      expect(report.verdict, suite).toBe("pass");
      if (EXACT.has(suite)) expect(calls, suite).toBe(planned);
      else expect(calls, suite).toBeLessThanOrEqual(planned);
      if (suite === "schema") expect(planned - calls, suite).toBeLessThanOrEqual(SCHEMA_SLACK);
      expect(calls, suite).toBeGreaterThan(1);
    }
  }, 120_000);
});

const target = { baseUrl: "http://cb.example/v1", isLoopback: false, embedded: false };
const fixtures = normaliseFixtures({
  known_ids: ["cb:org:123456789", "cb:org:223456789"],
  org_ids: ["cb:org:123456789", "cb:org:223456789"],
  resolve_queries: ["as"],
});
const on = { target, hasFreeKey: true, hasRevokedKey: false, fixtures, discover: false };
const url = (extra: Parameters<typeof resolveRunOptions>[0] = {}) =>
  resolveRunOptions({ baseUrl: target.baseUrl, env: { CB_API_KEY: "k" }, fixtures, seed: 3, ...extra });

describe("planRun", () => {
  it("makes the budget the planned calls plus a reserve, and refuses a lower --max-calls", () => {
    const plan = planRun(url(), on, SUITES);
    expect(plan.total).toBe(plan.setup + plan.suites.reduce((n, s) => n + s.calls, 0));
    expect(plan.budget).toBe(plan.total + plan.reserve);
    expect(plan.paceMs).toBe(0);
    expect(planRun(url({ maxCalls: plan.total }), on, SUITES).budget).toBe(plan.total);
    expect(() => planRun(url({ maxCalls: plan.total - 1 }), on, SUITES)).toThrow(HarnessError);
    expect(() => planRun(url({ maxCalls: plan.total - 1 }), on, SUITES)).toThrow(
      new RegExp(`needs ${plan.total} calls`),
    );
  });

  it("grows linearly with --runs", () => {
    const calls = [40, 400, 4000].map((runs) => planRun(url({ runs }), on, SUITES).total);
    // 360 more runs add as many calls as 3,600 more, divided by ten: every per-run cost is constant.
    expect(calls[2] - calls[1]).toBe(10 * (calls[1] - calls[0]));
  });

  it("paces to a declared limit and keeps the default cases when they fit", () => {
    const plan = planRun(url({ expectRateLimit: "600/60" }), on, SUITES);
    expect(plan.paceMs).toBeGreaterThanOrEqual(100);
    expect(plan.runs).toBe(40);
    expect(plan.maxPairwise).toBeUndefined();
    expect(plan.estimatedSeconds).toBeLessThanOrEqual(300);
  });

  it("fits the coverage phase's pairwise cases after the runs, and keeps a given --max-pairwise", () => {
    // The schema suite alone at 60 calls per 60 s: its coverage phase's single values fit the 5 minutes with
    // room for some of its pairs, not all (all suites at a low limit leave no room for any pair).
    const all = planRun(url({ suites: ["schema"] }), on, SUITES);
    const fitted = planRun(url({ suites: ["schema"], expectRateLimit: "60/60" }), on, SUITES);
    // The runs go first, to their least; then the pairwise cases, as many as fit the horizon.
    expect(fitted.runs).toBe(5);
    expect(fitted.maxPairwise).toBeGreaterThan(0);
    expect(fitted.estimatedSeconds).toBeLessThanOrEqual(300);
    expect(fitted.runsNote).toMatch(/--max-pairwise \d+: 60 calls per 60 s leave time for/);
    const schemaCalls = (p: typeof all) => p.suites.find((s) => s.suite === "schema")?.calls ?? 0;
    expect(schemaCalls(fitted)).toBeLessThan(schemaCalls(all));
    // One more pairwise case per operation would not fit.
    const more = planRun(
      url({
        suites: ["schema"],
        expectRateLimit: "60/60",
        runs: 5,
        maxPairwise: (fitted.maxPairwise ?? 0) + 1,
      }),
      on,
      SUITES,
    );
    expect(more.estimatedSeconds).toBeGreaterThan(300);
    expect(
      planRun(url({ suites: ["schema"], expectRateLimit: "60/60", maxPairwise: 7 }), on, SUITES).maxPairwise,
    ).toBe(7);
  });

  it("plans fewer generated cases for a low declared limit, but never below 5, and keeps a given --runs", () => {
    const low = planRun(url({ expectRateLimit: "30/60" }), on, SUITES);
    expect(low.runs).toBeLessThan(40);
    expect(low.runs).toBeGreaterThanOrEqual(5);
    expect(low.runsNote).toMatch(/--runs \d+ instead of 40/);
    expect(planRun(url({ expectRateLimit: "1/60" }), on, SUITES).runs).toBe(5);
    expect(planRun(url({ expectRateLimit: "30/60", runs: 40 }), on, SUITES).runs).toBe(40);
  });
});
