import { describe, expect, it } from "vitest";
import { resolveRunOptions } from "../options.js";
import { runConformance } from "../run-conformance.js";

describe("alt-base-url: refusals are the same on both bases", () => {
  it("passes a clean server, judging each planned refusal once", async () => {
    const options = resolveRunOptions({ seed: 1, runs: 2, suites: ["alt-base-url"] });
    const { report } = await runConformance(options);
    expect(report.results.filter((r) => r.status === "fail")).toEqual([]);
    const rows = report.results.filter((r) => r.id === "alt.same_error_response");
    expect(rows.map((r) => r.status)).not.toContain("skip");
    expect(rows.every((r) => r.status === "pass")).toBe(true);
    // no key, wrong key, one bound case, unknown route, wrong method (one row per operation)
    expect(rows.reduce((n, r) => n + (r.exchanges ?? 0), 0)).toBe(5);
  });
});
