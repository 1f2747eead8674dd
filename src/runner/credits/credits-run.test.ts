/**
 * Credits are a budget and running out is not a violation: `cbcheck run` against the reference server with
 * a small balance, the key states, and a daily limit that outlasts the run.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { CheckResult } from "../../report/model.js";
import { startServer } from "../../server/index.js";
import type { RunningServer, ServerOptions } from "../../server/types.js";
import { middayUtc, SkippingClock } from "../../test-support/clocks.js";
import { type RunOptions, resolveRunOptions } from "../options.js";
import { runConformance } from "../run-conformance.js";

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A reference server with a limit loose enough for a quick test, and a run against it by URL. */
async function runAgainst(serverOptions: ServerOptions, run: Partial<RunOptions>, keys = "all") {
  server = await startServer({ rateLimit: 100_000, rateWindowMs: 1000, ...serverOptions });
  const k = server.keys;
  const env: Record<string, string> = { CB_API_KEY: k.plus };
  if (keys === "all") {
    Object.assign(env, {
      CB_FREE_API_KEY: k.free,
      CB_TEAM_API_KEY: k.team,
      CB_REVOKED_API_KEY: k.revoked,
      CB_NO_CREDITS_API_KEY: k.noCredits,
    });
  }
  const options = resolveRunOptions({
    baseUrl: server.url,
    env,
    fixtures: server.fixtures,
    seed: 5,
    runs: 40,
    ...run,
  });
  return runConformance(options);
}

const rows = (results: CheckResult[], id: string) => results.filter((r) => r.id === id);
const failing = (results: CheckResult[]) =>
  results
    .filter((r) => r.status === "fail")
    .map((r) => `${r.id}: ${r.counterexamples[0]?.title ?? r.message}`);

describe("a key with a small balance", () => {
  it("passes with a 100-credit key: never spends past the balance, and every credit check that fits runs", async () => {
    const { report } = await runAgainst(
      { credits: 100 },
      { suites: ["auth", "schema", "limits"], maxCredits: 1000 },
    );
    expect(failing(report.results)).toEqual([]);
    expect(report.verdict).toBe("pass");
    expect(report.summary.credits).toBeGreaterThan(0);
    expect(report.summary.credits).toBeLessThanOrEqual(100);
    expect(rows(report.results, "auth.influencer_requires_plus").some((r) => r.status === "pass")).toBe(true);
    expect(rows(report.results, "limits.influencer_cap_probed")[0]?.status).toBe("pass");
    expect(report.notes?.some((n) => /credits: spent \d+ of --max-credits 1000/.test(n))).toBe(true);
  });

  it("spends at most --max-credits (default 100) when the balance is large", async () => {
    // 100 runs: the generated influencer reads alone would be charged more than 100 credits.
    const { report } = await runAgainst(
      {},
      { suites: ["auth", "schema", "limits"], allowCredits: true, runs: 100, maxPairwise: 0 },
    );
    expect(failing(report.results)).toEqual([]);
    expect(report.summary.credits).toBeLessThanOrEqual(100);
    expect(report.notes?.some((n) => /not sent \(credit budget or balance\)/.test(n))).toBe(true);
  });

  it("skips a credit check the balance cannot cover (saying why), never a failure, and the run passes", async () => {
    const { report } = await runAgainst({ credits: 1 }, { suites: ["auth"], allowCredits: true }, "main");
    expect(failing(report.results)).toEqual([]);
    const plus = rows(report.results, "auth.influencer_requires_plus").find((r) => r.status === "skip");
    expect(plus?.message).toMatch(/last balance the target reported \(1 credits\)/);
    expect(report.verdict).toBe("pass");
  });
});

describe("key states", () => {
  it("judges the revoked, team and no-credits keys when they are given", async () => {
    const { report } = await runAgainst({}, { suites: ["auth"], allowCredits: true });
    expect(failing(report.results)).toEqual([]);
    for (const id of [
      "auth.revoked_key_401",
      "auth.team_key_billed_to_team",
      "auth.team_key_credit_split",
      "auth.no_credits_key_402",
    ]) {
      expect(
        rows(report.results, id).map((r) => r.status),
        id,
      ).toContain("pass");
    }
  });

  it("skips them without the keys, naming the flag that enables each", async () => {
    const { report } = await runAgainst({}, { suites: ["auth"] }, "main");
    const flags: Record<string, string> = {
      "auth.revoked_key_401": "--revoked-api-key-env",
      "auth.team_key_billed_to_team": "--team-api-key-env",
      "auth.team_key_credit_split": "--team-api-key-env",
      "auth.no_credits_key_402": "--no-credits-api-key-env",
    };
    for (const [id, flag] of Object.entries(flags)) {
      const [row] = rows(report.results, id);
      expect(row?.status, id).toBe("skip");
      expect(row?.message, id).toContain(flag);
    }
  });
});

describe("a daily limit that outlasts the run", () => {
  it("stops with a note (exit 2), not a failure and not a hang", async () => {
    const started = Date.now();
    // Midday UTC on the server's and the run's clock: the 429's Retry-After (until 00:00 UTC) is hours, past
    // the run's deadline, whenever the suite runs (a minute before midnight the run would wait it out).
    const clock = new SkippingClock(middayUtc());
    const result = await runAgainst({ callsPerDay: 12, clock }, { suites: ["auth", "schema"], clock });
    expect(failing(result.report.results)).toEqual([]);
    expect(result.stopped).toMatch(/429 asked to wait \d+ s/);
    expect(result.stopped).toMatch(/not run \(inconclusive\)/);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
