// @ts-check
/**
 * Stryker's configuration for `npm run mutation` (scripts/mutation.ts sets the part, its mutate patterns and
 * its report paths through the environment; docs/mutation.md explains the choices).
 */
import { ALL_MUTATED } from "./parts.mjs";

const dir = process.env.CBCHECK_MUTATION_DIR ?? "reports/mutation/all";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner", "./mutation/ignorers.mjs"],
  ignorers: ["seeded-bugs", "rejection-hints"],
  vitest: { configFile: "mutation/vitest.config.ts", related: false },
  mutate: process.env.CBCHECK_MUTATION_MUTATE ? JSON.parse(process.env.CBCHECK_MUTATION_MUTATE) : ALL_MUTATED,
  coverageAnalysis: "perTest",
  // The machine is shared: one worker unless asked (`npm run mutation -- --concurrency 2`).
  concurrency: 1,
  incremental: true,
  incrementalFile: `${dir}/incremental.json`,
  reporters: ["clear-text", "progress-append-only", "html", "json"],
  htmlReporter: { fileName: `${dir}/index.html` },
  jsonReporter: { fileName: `${dir}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  // A suite takes seconds on a busy machine; a mutant that hangs the server is ended by this timeout.
  timeoutMS: 30_000,
  timeoutFactor: 2,
  thresholds: { high: 95, low: 80, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  ignorePatterns: ["dist", "reports", "docs", "bench", "examples", ".cbcheck-tmp", ".stryker-tmp"],
};
