import { describe, expect, it } from "vitest";
import { coverageMarkdown } from "../report/coverage.js";
import type { CheckResult } from "../report/model.js";
import { failingUnexercised, runCoverage, unexercisedOutcome } from "./coverage.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";

const seen = { statuses: {}, errorCodes: {}, nodeTypes: {}, predicates: {}, extensions: {} };
const row = (id: string, status: CheckResult["status"], extra: Partial<CheckResult> = {}): CheckResult => ({
  id,
  suite: "auth",
  status,
  sentence: "s",
  exchanges: 1,
  counterexamples: [],
  ...extra,
});

describe("runCoverage", () => {
  const base = { suites: ["auth" as const], shard: { index: 1, count: 1 }, seen };

  it("counts the exchanges each rule judged and says why the others judged none", () => {
    const c = runCoverage({
      ...base,
      results: [
        row("auth.missing_or_invalid_key_401", "pass", { exchanges: 6 }),
        row("auth.missing_or_invalid_key_401", "fail", { exchanges: 2 }),
        row("auth.free_key_plan_required_403", "skip", { exchanges: 0, message: "no free key given" }),
      ],
    });
    const by = new Map(c.rules.map((r) => [r.id, r]));
    expect(by.get("auth.missing_or_invalid_key_401")).toEqual({
      id: "auth.missing_or_invalid_key_401",
      exchanges: 8,
    });
    expect(by.get("auth.free_key_plan_required_403")?.reason).toBe("no free key given");
    expect(by.get("input.invalid_rejected")).toMatchObject({ exchanges: 0, exempt: true });
    expect(by.get("input.invalid_rejected")?.reason).toMatch(/suite negative not selected/);
    expect(by.get("ext.subunits.cap")?.reason).toMatch(/sub-units/);
    // Load and client rules are not a run's to judge.
    expect(by.has("client.wait_retry_after")).toBe(false);
    expect(by.has("compare.no_breaking_change")).toBe(false);
    expect(c.unexercised).toBe(c.rules.filter((r) => r.reason).length);
  });

  it("names the shard and an early stop as reasons", () => {
    const sharded = runCoverage({ ...base, shard: { index: 2, count: 3 }, results: [] });
    expect(sharded.rules.find((r) => r.id === "resolve.cursor_null")?.reason).toMatch(/shard 2\/3/);
    const stopped = runCoverage({ ...base, results: [], stopped: "call budget reached" });
    expect(stopped.rules.find((r) => r.id === "resolve.cursor_null")?.reason).toMatch(/call budget reached/);
  });

  it("fails only unexercised rules of selected suites", () => {
    const c = runCoverage({ ...base, results: [] });
    const ids = failingUnexercised(c).map((r) => r.id);
    expect(ids).toContain("auth.missing_or_invalid_key_401");
    expect(ids).not.toContain("input.invalid_rejected");
    const outcome = unexercisedOutcome(c);
    expect(outcome?.status).toBe("fail");
    expect(outcome?.message).toMatch(new RegExp(`^${ids.length} rule\\(s\\) judged no exchange`));
  });
});

describe("coverage of a run", () => {
  it("reports exchanges per rule and what the responses held; --fail-on-unexercised fails a partial run", async () => {
    const options = resolveRunOptions({ seed: 1, runs: 2, suites: ["http"] });
    const { report, sections } = await runConformance(options);
    expect(report.verdict).toBe("pass");
    const c = report.coverage!;
    expect(c.rules.find((r) => r.id === "http.unknown_route_404")?.exchanges).toBe(3);
    expect(c.seen.statuses).toMatchObject({ "404": 3, "405": 3 });
    expect(Object.keys(c.seen.errorCodes)).toContain("not_found");
    expect(Object.keys(c.seen.nodeTypes)).toContain("org");
    expect(sections.map((s) => s.title)).toContain("Coverage");
    const md = coverageMarkdown(c).join("\n");
    expect(md).toMatch(/^## Coverage/);
    expect(md).toMatch(/\| `input\.invalid_rejected` \| suite negative not selected/);

    const strict = await runConformance({ ...options, failOnUnexercised: true });
    expect(strict.report.verdict).toBe("fail");
    const failing = strict.report.results.filter((r) => r.status === "fail").map((r) => r.id);
    expect(failing).toEqual(["run.rule_unexercised"]);
  });
});
