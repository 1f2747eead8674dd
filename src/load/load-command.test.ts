/**
 * End to end: `cbcheck load` through main(argv, io) against the embedded reference server on loopback
 * (in-process on the test's clock, so that windows and Retry-After waits take no real time), for the seeded
 * bugs whose catch needs concurrency: the command exits 1 naming the broken expectation. This file runs among
 * the others, never beside another real-time file (test-support/real-time-turn.ts). The clean server passing
 * every profile and the 50 ms slowdown caught need the machine to itself: load-command-quiet.test.ts; the cases
 * that hold on any machine (the other seeded bugs, the key, a remote target) are in
 * load-command-untimed.test.ts.
 */
import { describe, it } from "vitest";
import { takeRealTimeTurn } from "../test-support/real-time-turn.js";
import { expectSeededCatch } from "./test-support/load-cli.js";

// Never beside another real-time file.
takeRealTimeTurn();

describe("cbcheck load", () => {
  const cases: [mutation: string, profile: string, expectation: string][] = [
    ["rate-limit-leaks-under-concurrency", "rate-limit", "rate.window_holds"],
    ["batch-100-5xx-under-concurrency", "batch-limits", "batch.no_5xx_under_concurrency"],
  ];
  // A machine that held the harness up leaves a timing verdict inconclusive (exit 2; never 0, which
  // src/load/cpu-starvation.test.ts proves with every core busy): another round then shows the catch.
  it.each(cases)(
    "seeded bug %s in profile %s: exit 1 naming %s",
    { retry: 2 },
    (mutation, profile, expectation) => expectSeededCatch(mutation, profile, expectation),
  );
});
