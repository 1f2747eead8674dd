/**
 * The mutation harness (`npm run mutation`, docs/mutation.md): `cbcheck run --strict --seed 1` against the
 * embedded reference server, one test per suite, so that Stryker's per-test coverage runs for each mutant only
 * the suites that reach its code. A mutant is killed when the run does not pass (a failure, a warning under
 * --strict, or an inconclusive rule); the test's message lists the verdicts that did not pass.
 *
 * The server runs in this process, where Stryker's mutant switch and coverage live; a mutant that loops is
 * ended by Stryker's hit limit or its timeout (which restarts this process), never by waiting on it.
 */
import { describe, expect, it } from "vitest";
import { resolveRunOptions } from "../src/runner/options.js";
import { runConformance } from "../src/runner/run-conformance.js";
import type { SuiteName } from "../src/vocabulary/suite-name.js";
import { harnessDigest } from "./harness-digest.js";
import { SUITE_ORDER } from "./parts.mjs";

/** The part's order (scripts/mutation.ts names the part): with bail on, a mutant stops at the first failure. */
const part = (process.env.CBCHECK_MUTATION_PART ?? "core") as keyof typeof SUITE_ORDER;
const SUITES = (SUITE_ORDER[part] ?? SUITE_ORDER.core) as SuiteName[];

describe(`cbcheck run --strict --seed 1 [harness ${harnessDigest()}]`, () => {
  for (const suite of SUITES) {
    it(`suite ${suite}`, async () => {
      // A 3 s rate window: the rate-limit suite's burst must fit in one window on a machine Stryker keeps busy.
      const options = resolveRunOptions({
        seed: 1,
        suites: [suite],
        strict: true,
        embeddedRateWindowMs: 3000,
      });
      const { report } = await runConformance(options);
      const findings = report.results
        .filter((r) => r.status === "fail" || r.status === "warn" || r.status === "inconclusive")
        .map((r) => `${r.id} ${r.status}: ${r.message ?? r.counterexamples[0]?.title ?? ""}`);
      expect(report.verdict, findings.join("; ").slice(0, 500)).toBe("pass");
    });
  }
});
