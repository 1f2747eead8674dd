import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./src/test-support/slow-first-sequencer.js";

/**
 * Files whose assertions need the cores to themselves (a latency budget met, a stall seen in one percentile
 * and not another, rates within 5 % of each other): they run last, one at a time, so that no other test file
 * competes for the cores. Files whose assertions hold on any machine (a busy one only makes a verdict
 * inconclusive, which they accept: enforced-limits, cpu-starvation — which starves the cores itself —,
 * corrected-latency's invariant, load-command-untimed; or their bounds are generous: interrupt, whose
 * command and counting server share one process, so a starved machine delays both alike) run with the rest.
 */
const TIMING_SENSITIVE = [
  "src/load/drive-load.test.ts",
  "src/load/load-command.test.ts",
  "src/load/segments-as-pods.test.ts",
];

/**
 * Every other file runs in parallel. Most of their time is spent waiting (on loopback servers, child
 * processes, worker threads), so one worker more than the cores keeps the cores busy; vitest's default
 * (cores − 1) would run one file at a time on a 2-core machine.
 */
const WORKERS = availableParallelism() + 1;

export default defineConfig({
  // `import … from "cbcheck"` in examples/ means the package entry: its source here (tsconfig.json maps it the
  // same way); src/library/packed-package.test.ts proves the built, packed package.
  resolve: {
    alias: [
      { find: /^cbcheck$/, replacement: fileURLToPath(new URL("src/library/index.ts", import.meta.url)) },
    ],
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    sequence: { sequencer: SlowFirstSequencer },
    // A suite run by GitHub Actions must not append its commands' summaries to the job's own step summary nor
    // annotate the job with their failures (src/cli/github-output.ts): the tests of those outputs set them.
    env: { GITHUB_STEP_SUMMARY: "", GITHUB_ACTIONS: "" },
    globalSetup: ["src/report/test-support/prepare-browser.ts", "src/test-support/built-modules.ts"],
    setupFiles: ["src/test-support/use-built-modules.ts"],
    // On CI a JSON summary too, so that .ci/run can end on a plain "N passed, N failed" line.
    reporters: process.env.CI ? ["default", ["json", { outputFile: "reports/vitest.json" }]] : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "examples/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...TIMING_SENSITIVE],
          maxWorkers: WORKERS,
          // A worker keeps its modules from one file to the next instead of importing cbcheck afresh for every
          // file (summed import time 264 s → 39 s). Safe here: no test mocks a module or stubs the environment
          // or a global, and the one file on fake timers restores them.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "timing",
          include: TIMING_SENSITIVE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
