/**
 * The plan of a run, made before the first suite sends anything: the calls (and credits) of every suite,
 * the call budget that follows from them, and — when the user declared the target's limit with
 * `--expect-rate-limit` — the pace that keeps every call under that limit, with fewer generated cases (then
 * fewer pairwise cases of the coverage phase) when the limit is too low for the default ones to fit the
 * planning horizon. Progress bars read `total`.
 */
import { HarnessError } from "../errors.js";
import type { SuiteName } from "../vocabulary/suite-name.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { CreditBudget } from "./credits/budget.js";
import { creditNeeds } from "./credits/plan.js";
import type { ResolvedRunOptions } from "./options.js";
import { isInShard } from "./shard.js";
import type { PlanInput, Suite, SuiteOptions } from "./suite.js";

/** One suite's line of the plan. */
export interface PlannedSuite {
  suite: SuiteName;
  /** Calls of a passing run (an upper bound where the responses decide). */
  calls: number;
  /** Calls only spent on failures (shrinking, replays). */
  reserve: number;
  /** Upper bound of the credits its influencer reads may be charged. */
  credits: number;
}

/** The whole plan: what progress bars, the budget and the pacing read. */
export interface RunPlan {
  /** Generated cases per operation (`--runs`, or fewer to fit a low declared limit). */
  runs: number;
  /** Pairwise cases of the coverage phase per operation, when fewer than all (`--max-pairwise`, or fitted). */
  maxPairwise?: number;
  /** Calls before the suites: the reachability probe and, without fixtures, discovery. */
  setup: number;
  suites: PlannedSuite[];
  /** Every planned call: setup plus the suites' calls. */
  total: number;
  /** Calls beyond `total` that only failures and 429 repeats spend. */
  reserve: number;
  /** Upper bound of the credits the run may be charged: the suites' reads, at most the credit budget. */
  credits: number;
  /** The credit budget (`--max-credits`, 0 without `--allow-credits`). */
  maxCredits: number;
  /** Planned credit checks (credits/plan.ts) the credit budget does not cover: they will not be sent. */
  creditChecksLeftOut: string[];
  /** The call budget in force: `--max-calls`, or `total + reserve` when not given. */
  budget: number;
  /** Least milliseconds between the starts of two calls (0: not paced). */
  paceMs: number;
  /** Expected wall time in seconds when paced (undefined when not paced). */
  estimatedSeconds?: number;
  /** Why `runs` is below what was asked, when it is. */
  runsNote?: string;
}

/** What the plan reads of the run's target (engine.ts `RunTarget`, not imported: the engine reads the plan). */
interface TargetShape {
  altBaseUrl?: string;
  isLoopback: boolean;
}

/** What the plan needs of the target, known before any call. */
export interface PlanTarget {
  target: TargetShape;
  hasFreeKey: boolean;
  hasRevokedKey: boolean;
  /** A team key was given (default false). */
  hasTeamKey?: boolean;
  /** A key without credits was given (default false). */
  hasNoCreditsKey?: boolean;
  fixtures: TargetFixtures;
  /** Whether fixtures must first be discovered through /resolve (discovery.ts). */
  discover: boolean;
}

/** Calls of discovery at most: its queries and one batch read (discover.ts). */
const DISCOVERY_CALLS = 8;
/** Paced runs keep 5% under the declared limit: a sliding window on the target never sees it reached. */
const PACE_MARGIN = 1.05;
/** A paced run chooses fewer generated cases when the default ones would take longer than this. */
const HORIZON_S = 300;
/** Fewest generated cases per operation a fitted plan keeps, so that every generated shape still comes up. */
const MIN_RUNS = 5;
/** Most pairwise cases of one operation a fitted plan tries: above every covering array of our schemas. */
const PAIRWISE_CEILING = 400;

/** Whether sequential `schema` rounds of `runs` cases judge on the judging worker (see RUN_DEFAULTS). */
export function judgesAhead(options: ResolvedRunOptions, runs: number): boolean {
  return options.concurrency === 1 && options.suites.includes("schema") && runs >= options.judgeAheadFromRuns;
}

/** The options a suite reads (SuiteContext.options), for a given number of runs and pairwise cases. */
export function suiteOptionsOf(
  options: ResolvedRunOptions,
  target: TargetShape,
  runs: number,
  maxPairwise: number = options.maxPairwise,
): SuiteOptions {
  return {
    seed: options.seed,
    runs,
    maxPairwise,
    coveragePhase: options.coveragePhase,
    allowCredits: options.allowCredits,
    allowLoad: options.allowLoad || target.isLoopback,
    expectRateLimit: options.expectRateLimit,
    altIgnore: options.altIgnore,
    concurrency: options.concurrency,
    judgeAhead: judgesAhead(options, runs),
  };
}

function planSuites(
  options: ResolvedRunOptions,
  on: PlanTarget,
  suites: readonly Suite[],
  runs: number,
  maxPairwise: number = options.maxPairwise,
): PlannedSuite[] {
  const input: Omit<PlanInput, "inShard"> = {
    fixtures: on.fixtures,
    options: suiteOptionsOf(options, on.target, runs, maxPairwise),
    hasFreeKey: on.hasFreeKey,
    hasRevokedKey: on.hasRevokedKey,
    hasTeamKey: on.hasTeamKey ?? false,
    hasNoCreditsKey: on.hasNoCreditsKey ?? false,
    hasAltBaseUrl: on.target.altBaseUrl !== undefined,
  };
  const out: PlannedSuite[] = [];
  for (const name of options.suites) {
    const suite = suites.find((s) => s.name === name);
    if (!suite) continue;
    const inShard = (key: string) => isInShard(`${name}:${key}`, options.shard);
    out.push({ suite: name, ...suite.plan({ ...input, inShard }) });
  }
  return out;
}

function estimate(suites: PlannedSuite[], setup: number, paceMs: number, window: number): number {
  // The rate-limit burst is sent unpaced; what it costs is the wait for the window to let calls through.
  const paced = setup + suites.reduce((n, s) => n + (s.suite === "rate-limit" ? 0 : s.calls), 0);
  const burst = suites.some((s) => s.suite === "rate-limit" && s.calls > 0) ? window + 1 : 0;
  return Math.ceil((paced * paceMs) / 1000 + burst);
}

/** Plans the run; throws HarnessError `CB_USAGE` when a given `--max-calls` is below the planned calls. */
export function planRun(options: ResolvedRunOptions, on: PlanTarget, suites: readonly Suite[]): RunPlan {
  const setup = 1 + (on.discover ? DISCOVERY_CALLS : 0);
  const rate = options.expectRateLimit;
  const paceMs = options.paceToLimit ? Math.ceil(((rate.seconds * 1000) / rate.calls) * PACE_MARGIN) : 0;
  const horizon = Math.min(HORIZON_S, options.deadlineS * 0.8);
  const fits = (planned: PlannedSuite[]) => estimate(planned, setup, paceMs, rate.seconds) <= horizon;
  let runs = options.runs;
  let maxPairwise = options.maxPairwise;
  let planned = planSuites(options, on, suites, runs);
  const notes: string[] = [];
  const limitText = `${rate.calls} calls per ${rate.seconds} s leave time for`;
  if (paceMs > 0 && !options.runsGiven && !fits(planned) && runs > MIN_RUNS) {
    // Calls grow with runs: the largest runs that fits, by bisection (at least MIN_RUNS).
    runs = largestFitting(MIN_RUNS, runs, (n) => fits(planSuites(options, on, suites, n)));
    planned = planSuites(options, on, suites, runs);
    notes.push(
      `--runs ${runs} instead of ${options.runs}: ${limitText} ${runs} generated cases per operation within ${horizon} s`,
    );
  }
  if (paceMs > 0 && !options.maxPairwiseGiven && !fits(planned)) {
    // Then the pairwise cases of the coverage phase, the first rows of each covering array (they cover most).
    maxPairwise = largestFitting(0, PAIRWISE_CEILING, (n) => fits(planSuites(options, on, suites, runs, n)));
    planned = planSuites(options, on, suites, runs, maxPairwise);
    notes.push(
      `--max-pairwise ${maxPairwise}: ${limitText} ${maxPairwise} pairwise cases per operation within ${horizon} s`,
    );
  }
  const runsNote = notes.length > 0 ? notes.join("; ") : undefined;
  const total = setup + planned.reduce((n, s) => n + s.calls, 0);
  const maxCredits = options.allowCredits ? options.maxCredits : 0;
  // Every call may be repeated after a 429 (paced-send.ts): 5% of them, at least 5, is kept for those.
  const reserve = planned.reduce((n, s) => n + s.reserve, 0) + Math.max(5, Math.ceil(total * 0.05));
  if (options.maxCalls !== undefined && options.maxCalls < total) {
    throw new HarnessError(
      "CB_USAGE",
      `--max-calls ${options.maxCalls} is below the plan: this run needs ${total} calls (${planLine(planned, setup)}); raise --max-calls or select fewer suites or runs`,
    );
  }
  return {
    runs,
    ...(Number.isFinite(maxPairwise) ? { maxPairwise } : {}),
    setup,
    suites: planned,
    total,
    reserve,
    credits: Math.min(
      maxCredits,
      planned.reduce((n, s) => n + s.credits, 0),
    ),
    maxCredits,
    creditChecksLeftOut: new CreditBudget(maxCredits).plan(
      creditNeeds(options, on.fixtures, { ...(on.hasTeamKey ? { team: "team" } : {}) }),
    ),
    budget: options.maxCalls ?? total + reserve,
    paceMs,
    ...(paceMs > 0 ? { estimatedSeconds: estimate(planned, setup, paceMs, rate.seconds) } : {}),
    ...(runsNote ? { runsNote } : {}),
  };
}

/** The largest `n` in `lo..hi` for which `fits(n)` holds (it holds for fewer when for more), at least `lo`. */
function largestFitting(lo: number, hi: number, fits: (n: number) => boolean): number {
  let low = lo;
  let high = hi;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}

function planLine(suites: PlannedSuite[], setup: number): string {
  return [`setup ${setup}`, ...suites.map((s) => `${s.suite} ${s.calls}`)].join(", ");
}

/** The plan as the lines `cbcheck run` prints before the first call. */
export function planText(plan: RunPlan): string[] {
  const lines = [
    `plan: ${plan.total} calls (${planLine(plan.suites, plan.setup)}); budget ${plan.budget} calls` +
      (plan.credits > 0 ? `; at most ${plan.credits} credits of --max-credits ${plan.maxCredits}` : ""),
  ];
  if (plan.creditChecksLeftOut.length > 0) {
    lines.push(
      `plan: not covered by --max-credits ${plan.maxCredits}: ${plan.creditChecksLeftOut.join(", ")}`,
    );
  }
  if (plan.paceMs > 0) {
    lines.push(
      `plan: paced at one call every ${plan.paceMs} ms to stay under the declared limit; about ${plan.estimatedSeconds} s`,
    );
  }
  if (plan.runsNote) lines.push(`plan: ${plan.runsNote}`);
  return lines;
}
