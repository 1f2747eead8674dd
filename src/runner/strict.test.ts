import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/model.js";
import { resolveRunOptions } from "./options.js";
import { rerunCommand } from "./rerun-command.js";
import { runConformance } from "./run-conformance.js";
import { STRICT_MESSAGE, strictResults } from "./strict.js";

const row = (status: CheckResult["status"]): CheckResult => ({
  id: "http.allow_on_405",
  suite: "http",
  status,
  sentence: "s",
  counterexamples: [],
});

describe("--strict", () => {
  it("turns warnings (only) into failures and says why", () => {
    const rows = [row("warn"), row("pass"), row("skip"), row("inconclusive"), row("fail")];
    expect(strictResults(rows, false)).toBe(rows);
    const strict = strictResults(rows, true);
    expect(strict.map((r) => r.status)).toEqual(["fail", "pass", "skip", "inconclusive", "fail"]);
    expect(strict[0].message).toBe(STRICT_MESSAGE);
  });

  it("is repeated by the rerun command", () => {
    expect(rerunCommand(resolveRunOptions({ seed: 1, strict: true }))).toContain("--strict");
    expect(rerunCommand(resolveRunOptions({ seed: 1 }))).not.toContain("--strict");
  });

  it("fails a run whose only findings are warnings; without it the run passes", async () => {
    const base = { seed: 1, suites: ["http"], mutation: "method-not-allowed-without-allow" };
    const lenient = (await runConformance(resolveRunOptions(base))).report;
    const warned = lenient.results.filter((r) => r.id === "http.allow_on_405");
    expect(warned.some((r) => r.status === "warn")).toBe(true);
    expect(lenient.verdict).toBe("pass");
    const strict = (await runConformance(resolveRunOptions({ ...base, strict: true }))).report;
    expect(strict.verdict).toBe("fail");
    expect(strict.results.filter((r) => r.status === "warn")).toEqual([]);
  });
});
