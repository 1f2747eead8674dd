/**
 * A cycle of the monitor, planned from the suites' own plans (the runner's `planKnownTarget`, made before
 * anything is sent): the selected suites' cases are split into slices by the runner's sharding (`--shard I/N`:
 * every case belongs to exactly one slice), so that over one cycle every rule of the suites is exercised,
 * and the cycle's seed changes the generated requests from one cycle to the next (a rotating sample). Calls
 * are paced at the hourly budget, or slower when the cycle leaves more time than the budget needs.
 */
import {
  planKnownTarget,
  type ResolvedRunOptions,
  type RunPlan,
  resolveRunOptions,
} from "../runner/index.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import type { ResolvedMonitorOptions } from "./options.js";

/** Calls a slice aims at: small enough that a bug shows within minutes and a stop loses little. */
const SLICE_CALLS = 40;
/** Most slices in a cycle. */
const MAX_SLICES = 48;

/** One slice of one cycle. */
export interface SliceSpec {
  cycle: number;
  /** 1-based. */
  index: number;
  count: number;
  seed: number;
  /** Absent: the runner discovers ids through /resolve (the monitor's first slice of all, then kept). */
  fixtures?: TargetFixtures;
  /** Seconds between two calls (the runner's pace). */
  paceS: number;
  /** The call budget of the slice (`--max-calls`), when known. */
  maxCalls?: number;
  /** Credits the slice may spend (0: none). */
  maxCredits: number;
}

/** How one cycle is cut and paced. */
export interface CyclePlan {
  slices: number;
  /** Planned calls of the whole cycle (a `/me` per slice included). */
  calls: number;
  paceS: number;
  /** Why the cycle will take longer than `--cycle`, when it will. */
  note?: string;
}

/** The runner's options for one slice (or, with `index` 1 of 1, the whole cycle). */
export function sliceRunOptions(options: ResolvedMonitorOptions, spec: SliceSpec): ResolvedRunOptions {
  const maxCalls = spec.maxCalls ?? 1;
  return resolveRunOptions({
    baseUrl: options.baseUrl,
    ...(options.altBaseUrl ? { altBaseUrl: options.altBaseUrl } : {}),
    apiKeyEnv: options.keyEnv.main,
    freeApiKeyEnv: options.keyEnv.free,
    env: options.env,
    ...(spec.fixtures ? { fixtures: spec.fixtures } : {}),
    suites: options.suites,
    seed: spec.seed,
    runs: options.runs,
    ...(spec.maxCalls !== undefined ? { maxCalls } : {}),
    // One call every paceS seconds: the runner paces every call, 429 repeats and shrinking included.
    expectRateLimit: `1/${spec.paceS.toFixed(3)}`,
    allowCredits: spec.maxCredits > 0,
    ...(spec.maxCredits > 0 ? { maxCredits: spec.maxCredits } : {}),
    shard: `${spec.index}/${spec.count}`,
    timeoutMs: options.timeoutMs,
    // Paced calls take their time: the deadline follows the budget (and a Retry-After of two minutes).
    deadlineS: Math.ceil(maxCalls * spec.paceS * 1.1 + 120),
    clock: options.clock,
  });
}

/** The plan of one slice, as the runner will make it. */
export function planSlice(
  options: ResolvedMonitorOptions,
  spec: SliceSpec & { fixtures: TargetFixtures },
): RunPlan {
  return planKnownTarget(sliceRunOptions(options, spec), spec.fixtures);
}

/** Cuts a cycle into slices and paces it. */
export function planCycle(
  options: ResolvedMonitorOptions,
  fixtures: TargetFixtures,
  seed: number,
): CyclePlan {
  const spec = { cycle: 1, index: 1, count: 1, seed, fixtures, paceS: 1, maxCredits: 0 };
  const whole = planSlice(options, spec);
  // Slices of at most half an hour's budget, cut finer while one is still over the hour's budget (the runner's
  // shards split by a hash of each case: they are not all the same size).
  const most = Math.max(1, Math.min(SLICE_CALLS, Math.floor(options.maxCallsPerHour / 2)));
  let slices = Math.min(MAX_SLICES, Math.max(1, Math.ceil(whole.total / most)));
  const largest = (count: number) =>
    Math.max(
      ...Array.from({ length: count }, (_, i) => planSlice(options, { ...spec, index: i + 1, count }).total),
    );
  while (slices < MAX_SLICES && largest(slices) > options.maxCallsPerHour)
    slices = Math.min(MAX_SLICES, slices * 2);
  const calls = whole.total + slices - 1;
  const budgetPaceS = 3600 / options.maxCallsPerHour;
  const cycleS = options.cycleMs / 1000;
  // Spread over 90 % of the cycle, leaving time for 429 repeats and slow responses.
  const paceS = Math.max(budgetPaceS, (0.9 * cycleS) / calls);
  const neededS = calls * budgetPaceS;
  return {
    slices,
    calls,
    paceS,
    ...(neededS > cycleS
      ? {
          note: `a cycle plans ${calls} calls: at --max-calls-per-hour ${options.maxCallsPerHour} it takes about ${Math.ceil(neededS / 60)} min, longer than --cycle (fewer --runs or suites, or a larger budget, shorten it)`,
        }
      : {}),
  };
}
