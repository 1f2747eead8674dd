/**
 * The files whose verdicts are measured in real time (a rate within 5 %, a latency budget, eight batches in
 * flight at once) and the file that starves the cores on purpose run in the same pool as every other test
 * file, but never two of them at once: each calls `takeRealTimeTurn()` and holds one lock for its whole file.
 * They used to run alone after all the other files, and that tail of about 36 s used under half of the two
 * cores (they mostly wait on paced load). Beside ordinary test files their verdicts stay right: a machine that
 * holds the harness up makes a timing verdict inconclusive, never passed (cpu-starvation.test.ts), and the
 * files that assert a pass or a catch retry a round that came out inconclusive.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lock } from "proper-lockfile";
import { afterAll, beforeAll } from "vitest";

/** One lock per vitest run: the test processes are children of the one vitest process. */
const LOCK = join(tmpdir(), `cbcheck-real-time-${process.ppid}`);
/** The longest wait for a turn: every real-time file is shorter than a minute; a few may queue. */
const WAIT_MS = 300_000;
const POLL_MS = 250;

/**
 * Waits for the real-time turn (at most `waitMs`) and resolves with the function that gives it back; `path`
 * names another lock (a test of this one).
 */
export function realTimeTurn({
  path = LOCK,
  waitMs = WAIT_MS,
  pollMs = POLL_MS,
}: {
  path?: string;
  waitMs?: number;
  pollMs?: number;
} = {}): Promise<() => Promise<void>> {
  return lock(path, {
    realpath: false,
    // A holder's event loop refreshes the lock every 10 s; a lock a minute old is a holder that died.
    stale: 60_000,
    update: 10_000,
    retries: { retries: Math.ceil(waitMs / pollMs), factor: 1, minTimeout: pollMs, maxTimeout: pollMs },
    // A lock taken over as stale ends the exclusion, not the test run.
    onCompromised: () => {},
  });
}

/** Registers hooks that take the real-time turn before the file's first test and give it back after its last. */
export function takeRealTimeTurn(): void {
  let release: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    release = await realTimeTurn();
  }, WAIT_MS + 10_000);
  afterAll(async () => {
    await release?.();
    release = undefined;
  });
}
