/** The options of every run the mutation harness judges (both the judge and the test's server use them). */
import { type ResolvedRunOptions, resolveRunOptions } from "../src/runner/options.js";
import type { SuiteName } from "../src/vocabulary/suite-name.js";

/**
 * `cbcheck run --strict --seed 1` on one suite. A 3 s rate window: the rate-limit suite's burst must fit in
 * one window on a machine Stryker keeps busy.
 */
export function judgedRunOptions(suite: SuiteName): ResolvedRunOptions {
  return resolveRunOptions({ seed: 1, suites: [suite], strict: true, embeddedRateWindowMs: 3000 });
}
