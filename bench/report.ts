/**
 * Benchmark of src/report and src/generate: writing all four reports for a large run, and generating
 * requests. Prints figures; no thresholds (a report of 5,000 rows should take well under a second).
 */

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { GENERATED_OPERATIONS, inputCases, validRequests } from "../src/generate/index.js";
import { Redactor } from "../src/redactor.js";
import type { CheckResult, Report } from "../src/report/model.js";
import { writeReports } from "../src/report/write-reports.js";
import type { TargetFixtures } from "../src/vocabulary/target-fixtures.js";

function bigReport(rows: number): Report {
  const statuses = ["pass", "fail", "warn", "skip", "inconclusive"] as const;
  const results: CheckResult[] = Array.from({ length: rows }, (_, i) => {
    const status = statuses[i % statuses.length];
    return {
      id: `check.${i % 97}`,
      suite: `suite-${i % 8}`,
      operation: "entity-batch",
      status,
      sentence: "Ids that do not exist appear in coverage.missing, not as an error.",
      counterexamples:
        status === "fail"
          ? [
              {
                title: "t",
                received: "<x>".repeat(2000),
                request: { method: "POST", url: "http://h/v1/entities/batch", body: "{}" },
              },
            ]
          : [],
    };
  });
  const now = new Date().toISOString();
  return {
    tool: "cbcheck",
    version: "bench",
    command: "run",
    startedAt: now,
    finishedAt: now,
    verdict: "fail",
    summary: { passed: 0, failed: 0, skipped: 0, warnings: 0, inconclusive: 0 },
    results,
  };
}

const dir = await mkdtemp(join(tmpdir(), "cbcheck-bench-report-"));
try {
  for (const rows of [500, 5000]) {
    const report = bigReport(rows);
    const t0 = performance.now();
    await writeReports(dir, new Redactor(["bench-secret-key"]).value(report), []);
    console.log(
      `writeReports: ${rows} rows (${rows / 5} failures) in ${(performance.now() - t0).toFixed(0)} ms`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

const fixtures: TargetFixtures = {
  known_ids: Array.from({ length: 200 }, (_, i) => `cb:org:${String(910000000 + i)}`),
  org_ids: [],
  subunit_ids: [],
  missing_ids: [],
  influencer_ids: ["cb:identity:instagram:a"],
  resolve_queries: ["Equinor ASA", "Acme AS"],
};
for (const op of GENERATED_OPERATIONS) {
  const n = 2000;
  const t0 = performance.now();
  fc.sample(validRequests(op, fixtures, { allowCredits: true }), { numRuns: n, seed: 1 });
  const ms = performance.now() - t0;
  console.log(`validRequests(${op}): ${Math.round((n / ms) * 1000)} requests/s`);
}
const t0 = performance.now();
const cases = (["resolve", "entity-get", "entity-batch"] as const).flatMap((op) =>
  inputCases(op, fixtures, { allowCredits: true }),
);
console.log(`inputCases: ${cases.length} cases in ${(performance.now() - t0).toFixed(0)} ms`);
