/**
 * What the runner offers the layers beside it (`cbcheck load`, `cbcheck monitor`): the import-rule test
 * (src/layers.test.ts) lets them import the runner only through this file.
 */
export { loadFixtures } from "./fixtures.js";
export { parseRate, parseSuites } from "./option-parsers.js";
export {
  type FixturesInput,
  type ResolvedRunOptions,
  type RunOptions,
  resolveRunOptions,
  SUITE_ORDER,
} from "./options.js";
export type { RunPlan } from "./plan.js";
export { planKnownTarget } from "./plan-known.js";
export { type RunHooks, runConformance } from "./run-conformance.js";
export type { Outcome } from "./suite.js";
export { isLoopbackUrl } from "./target.js";
