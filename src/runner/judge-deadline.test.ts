/**
 * Issue 14.2: a response within every cap can still be slow to judge (one object with a million keys takes
 * about 20 s of schema checks). Judged on the judging worker, the run's deadline ends it: the run stops as
 * incomplete (never a pass), with the exchange recorded as `harness.judging_unfinished`.
 */
import { describe, expect, it } from "vitest";
import { startHostileTarget } from "../cli/test-support/hostile-targets.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";

describe("a response slow to judge", () => {
  it("is cut at the deadline: incomplete, judging_unfinished, and the run ends soon after the deadline", async () => {
    const target = await startHostileTarget("slow-to-judge");
    try {
      const options = resolveRunOptions({
        baseUrl: target.baseUrl,
        env: { CB_API_KEY: "slow-to-judge-test-key" },
        fixtures: { known_ids: ["cb:org:123456789"] },
        suites: ["schema"],
        coveragePhase: false,
        deadlineS: 6,
        seed: 1,
      });
      const started = Date.now();
      const { report } = await runConformance(options);
      const seconds = (Date.now() - started) / 1000;
      expect(report.verdict).toBe("incomplete");
      expect(report.reason).toMatch(
        /while judging a \d+\.\d MiB response to GET \/resolve: judging did not finish/,
      );
      expect(report.details?.stopped).toBe("deadline");
      const row = report.results.find((r) => r.id === "harness.judging_unfinished");
      expect(row?.status).toBe("inconclusive");
      expect(report.results.filter((r) => r.status === "pass").map((r) => r.id)).not.toContain(
        "response.schema",
      );
      // Judged in the main thread this response alone takes about 20 s (several times that under load).
      expect(seconds).toBeLessThan(6 + 12);
    } finally {
      await target.close();
    }
  }, 60_000);
});
