import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./src/test-support/slow-first-sequencer.js";

/**
 * Files whose assertions need the machine to itself: the clean server passes every load profile (latency budgets
 * in real milliseconds, eight batches in flight) and answers 50 ms slower fail a latency budget. Beside other
 * files both come out inconclusive, rightly; they run alone after them, about 14 s.
 */
const QUIET = ["src/load/load-command-quiet.test.ts"];

/**
 * Every other file runs in parallel. Most of their time is spent waiting (on loopback servers, child processes, worker
 * threads), so one worker more than the cores keeps the cores busy; vitest's default (cores − 1) would run one
 * file at a time on a 2-core machine. The few files whose verdicts are measured in real time run among the
 * others but never two at once (src/test-support/real-time-turn.ts).
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
          exclude: [...configDefaults.exclude, ...QUIET],
          maxWorkers: WORKERS,
          // A worker keeps its modules from one file to the next instead of importing cbcheck afresh for every
          // file (summed import time 264 s → 39 s). Safe here: no test mocks a module or stubs the environment
          // or a global, and the one file on fake timers restores them.
          isolate: false,
        },
      },
      { extends: true, test: { name: "quiet", include: QUIET, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
