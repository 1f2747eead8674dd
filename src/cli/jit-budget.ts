/**
 * A smaller inlining budget for V8's optimising compiler in the `run` command. A run drives a great deal of
 * code (server, client, the whole catalogue on two threads) a few thousand times each: on a 2-core machine
 * the compiler's background work on that code, about 4 s of CPU in a 4,000-run `schema` suite, competes
 * with the run and its judging worker for the same two cores. With at most 100 bytecodes inlined per
 * function (V8's default is 920) the compiler does about half that work and the suite is 3 to 8 % faster
 * (`bench/deep-runs.ts`); the default run is unchanged. Set before the run's code is compiled; V8 reads the
 * flag for each compile job, and worker threads share it.
 */
import { setFlagsFromString } from "node:v8";

/** The V8 flag the `run` command sets: bytecodes inlined into one optimised function at most. */
export const RUN_INLINING_FLAG = "--max-inlined-bytecode-size-cumulative=100";

/**
 * Lowers V8's cumulative inlining budget for the rest of this process. A V8 that did not know the flag would
 * say so on stderr and change nothing (`jit-budget.test.ts` holds this runtime to knowing it).
 */
export function limitInlining(): void {
  setFlagsFromString(RUN_INLINING_FLAG);
}
