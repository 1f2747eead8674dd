import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateAs } from "../contract/registry.js";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { SkippingClock } from "../test-support/clocks.js";
import { unregisteredIds } from "../verdicts/test-support/unregistered.js";
import { resolveRunOptions } from "./options.js";
import type { RunPlan } from "./plan.js";
import { runConformance } from "./run-conformance.js";
import type { Suite } from "./suite.js";
import { SUITES } from "./suites/index.js";

describe("runConformance against the embedded reference server", () => {
  it("passes every suite on the unmutated server, with a report that matches its schema", async () => {
    // --fail-on-unexercised: on the embedded server (its own ids, a Free and a revoked key) every rule applies.
    // A SkippingClock shared with the embedded server: the rate-limit suite's window turns over at once for
    // both instead of in ~2 s of real waiting; the calls and verdicts are the same (634 calls, pass).
    const { report } = await runConformance(
      resolveRunOptions({ seed: 11, runs: 8, failOnUnexercised: true, clock: new SkippingClock() }),
    );
    const failing = report.results
      .filter((r) => r.status === "fail")
      .map((r) => `${r.id}: ${r.counterexamples[0]?.title}`);
    expect(failing).toEqual([]);
    // No warning either: a conforming server gets none (warnings earn their place; --strict passes it too).
    expect(report.results.filter((r) => r.status === "warn").map((r) => r.id)).toEqual([]);
    expect(report.summary.warnings).toBe(0);
    // No inconclusive row either: the default run against the reference server exits 0 without opting in.
    expect(report.summary.inconclusive).toBe(0);
    expect(report.verdict).toBe("pass");
    for (const suite of SUITES) {
      expect(
        report.results.some((r) => r.suite === suite.name && r.status === "pass"),
        suite.name,
      ).toBe(true);
    }
    expect(validateAs("report", report)).toEqual([]);
    expect(unregisteredIds(report)).toEqual([]);
    expect(report.coverage?.rules.filter((r) => r.reason && !r.exempt)).toEqual([]);
    // The report says what was sent and what came back, by class: bound lengths in characters, astral
    // letters, include ["*"], id shapes, open and invalid values.
    const sent = (report.sent ?? []).map(
      (r) => `${r.operation} ${r.parameter} ${r.keyword} ${r.value} ${r.class}`,
    );
    const missing = (want: string[]) => want.filter((w) => !sent.includes(w));
    expect(
      missing([
        "resolve query length length 300 (max) valid",
        "resolve query characters astral valid",
        'entity-get include const ["*"] valid',
        "entity-get id format shape: other node id valid",
        "entity-batch ids items characters each: key reserved valid",
        "entity-get extend uniqueItems repeated items open",
        "resolve limit maximum must be <= 50 invalid",
      ]),
    ).toEqual([]);
    const limit51 = report.sent?.find((r) => r.parameter === "limit" && r.value === "must be <= 50");
    expect(limit51?.answers).toEqual({ "400": 1 });
  });

  it("splits the work by --shard deterministically", async () => {
    // The invalid requests each shard sent, by what the input-space table counted.
    const sent = async (shard: string) => {
      const { report } = await runConformance(resolveRunOptions({ seed: 3, suites: ["negative"], shard }));
      return (report.sent ?? [])
        .filter((r) => r.class === "invalid")
        .map((r) => `${r.operation} ${r.parameter} ${r.keyword} ${r.value} ×${r.count}`)
        .sort();
    };
    const [all, first, second, firstAgain] = [
      await sent("1/1"),
      await sent("1/2"),
      await sent("2/2"),
      await sent("1/2"),
    ];
    expect(firstAgain).toEqual(first);
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    const count = (rows: string[]) => rows.reduce((n, r) => n + Number(r.split("×").pop()), 0);
    expect(count(first) + count(second)).toBe(count(all));
  });

  it("refuses a --max-calls below the plan before the first call, saying how many are needed", async () => {
    const sent: number[] = [];
    const run = runConformance(resolveRunOptions({ seed: 1, maxCalls: 20, suites: ["http", "auth"] }), {
      onCall: (calls) => sent.push(calls),
    });
    await expect(run).rejects.toMatchObject({
      code: "CB_USAGE",
      message: expect.stringMatching(
        /--max-calls 20 is below the plan: this run needs 44 calls \(setup 1, http 15, auth 28\)/,
      ),
    });
    expect(sent).toEqual([]);
  });

  it("stops at --max-calls with a clear note and never sends more when a suite outruns its plan", async () => {
    // A suite that plans 3 calls and sends 10: the budget (the plan's 4 calls) stops it.
    const greedy: Suite = {
      name: "http",
      description: "sends more than it planned",
      plan: () => ({ calls: 3, reserve: 0, credits: 0 }),
      async run(ctx) {
        for (let i = 0; i < 10; i++) await ctx.send({ operation: "me", method: "GET", path: "/me" });
      },
    };
    const options = resolveRunOptions({ seed: 1, maxCalls: 4, suites: ["http"] });
    const { report } = await runConformance(options, { suites: [greedy] });
    expect(report.details?.stopped).toBe("max-calls");
    expect(report.summary.calls).toBe(4);
    expect(report.notes?.[0]).toMatch(/--max-calls 4/);
  });

  it("plans before the first call and lets the default budget follow the plan (a deep run completes)", async () => {
    const plans: RunPlan[] = [];
    const options = resolveRunOptions({ seed: 2, runs: 450, suites: ["schema"] });
    const { report } = await runConformance(options, { onPlan: (p) => plans.push(p) });
    expect(plans).toHaveLength(1);
    // Discovery, the coverage phase (its valid and open cases), the generated runs of five operations, and the
    // meaning steps: resolve 2, resolve truncated 3, resolve cut at its limit 2, batch = GET 2, balance 3 per
    // key (main and team), main units 1 + 3, top owners 3.
    const coverage = plans[0].total - (1 + 5 * 450 + 2 + 3 + 2 + 2 + 6 + 4 + 3);
    expect(coverage).toBeGreaterThan(200);
    expect(coverage).toBeLessThan(600);
    expect(plans[0].budget).toBeGreaterThan(plans[0].total);
    expect(report.details?.stopped).toBeUndefined();
    expect(report.verdict).toBe("pass");
    // Generated influencer cases the credit budget does not cover are not sent: the plan is an upper bound.
    expect(report.summary.calls).toBeLessThanOrEqual(plans[0].total);
    expect(report.summary.calls).toBeGreaterThan(plans[0].total * 0.9);
  });
});

describe("runConformance against a URL", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ rateLimit: 100_000 });
  });
  afterAll(() => server.close());

  it("stops when the main key is refused with 401, naming the rule", async () => {
    const env = { CB_API_KEY: server.keys.revoked };
    const { report } = await runConformance(
      resolveRunOptions({ baseUrl: server.url, env, fixtures: server.fixtures, suites: ["http", "schema"] }),
    );
    expect(report.verdict).toBe("fail");
    expect(report.details?.stopped).toBe("fatal-status");
    const row = report.results.find((r) => r.id === "run.main_key_not_refused");
    expect(row?.status).toBe("fail");
    expect(report.summary.calls).toBeLessThan(20);
  });

  it("discovers ids through /resolve without fixtures, and skips free-key checks without a free key", async () => {
    const env = { CB_API_KEY: server.keys.plus };
    const { report } = await runConformance(
      resolveRunOptions({ baseUrl: server.url, env, suites: ["auth"], seed: 2 }),
    );
    expect(report.results.filter((r) => r.status === "fail")).toEqual([]);
    const skipped = report.results.find((r) => r.id === "auth.free_key_plan_required_403");
    expect(skipped?.status).toBe("skip");
  });

  it("discovers a main unit with many sub-units (through parent_org_nr), so the sub-unit limits are exercised", async () => {
    const env = { CB_API_KEY: server.keys.plus };
    const { report } = await runConformance(
      resolveRunOptions({ baseUrl: server.url, env, suites: ["limits"], seed: 2 }),
    );
    expect(report.results.filter((r) => r.status === "fail")).toEqual([]);
    expect(report.results.filter((r) => r.message?.includes("main_unit_with_many_subunits"))).toEqual([]);
    const rule = report.coverage?.rules.find(
      (r) => r.id === "limits.subunits_cut_listed_in_extensions_truncated",
    );
    expect(rule?.reason).toBeUndefined();
    expect(rule?.exchanges).toBeGreaterThan(0);
  });

  it("discovers influencer ids (social accounts of web_identities), so the influencer rules are exercised with credits", async () => {
    const env = { CB_API_KEY: server.keys.plus };
    const { report } = await runConformance(
      resolveRunOptions({
        baseUrl: server.url,
        env,
        suites: ["auth", "limits"],
        seed: 2,
        allowCredits: true,
      }),
    );
    expect(report.results.filter((r) => r.status === "fail")).toEqual([]);
    const influencerRules = (report.coverage?.rules ?? []).filter(
      (r) =>
        r.id.startsWith("influencer.") ||
        r.id.startsWith("cost.influencer_") ||
        r.id === "auth.influencer_requires_plus",
    );
    expect(influencerRules.length).toBeGreaterThan(0);
    for (const rule of influencerRules) expect(rule.reason, rule.id).toBeUndefined();
  });
});
