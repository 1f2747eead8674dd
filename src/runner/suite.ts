/**
 * What a suite sees of the runner. Suites plan requests and judge them; the runner paces, budgets,
 * shards and records. Suites never touch argv, stdout or the network directly. The words the runner shares
 * with generate, checks and load (`PlannedRequest`, `TargetFixtures`, `SuiteName`) are in src/vocabulary.
 */

import type { CheckFailure } from "../checks/check.js";
import type { Judgement } from "../checks/run-checks.js";
import type { Clock } from "../clock.js";
import type { ResultStatus } from "../report/model.js";
import type { Exchange } from "../transport/exchange.js";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import type { SuiteName } from "../vocabulary/suite-name.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import type { Verdict } from "../vocabulary/verdict.js";
import type { CreditBudget } from "./credits/budget.js";
import type { RunStopped } from "./run-stopped.js";

/** Options a suite may read; resolved once by the runner. */
export interface SuiteOptions {
  seed: number;
  /** Property-based runs per operation (`--runs`). */
  runs: number;
  /** Pairwise cases of the coverage phase per operation (all of them, or fewer to fit a declared limit). */
  maxPairwise: number;
  /** Whether the `schema` suite sends its coverage phase before the random one. */
  coveragePhase: boolean;
  allowCredits: boolean;
  /** Load-like suites may run (loopback target, or `--allow-load`). */
  allowLoad: boolean;
  expectRateLimit: { calls: number; seconds: number };
  /** JSON pointers ignored by the alt-base-url comparison. */
  altIgnore: string[];
  /** Requests the `schema` suite may keep in flight (`--concurrency`, 1 = sequential). */
  concurrency: number;
  /** Sequential `schema` rounds judge each exchange ahead on the judging worker (`SuiteContext.judgeAhead`). */
  judgeAhead: boolean;
}

/** What `sendMany` gives back: the exchanges in request order, up to the first one not sent or cut. */
/** What `sendConcurrent` sent: the exchanges in request order, and the most that were in flight at once. */
export interface ConcurrentSends {
  exchanges: Exchange[];
  /** A starved machine may keep fewer in flight than asked: a verdict about concurrency reads this. */
  maxInFlight: number;
}

/** What `sendMany` sent. */
export interface SendManyResult {
  exchanges: Exchange[];
  /** Set when the run had to stop (budget, deadline, refused main key) before every request was sent. */
  stopped?: RunStopped;
}

/** What a suite records for a verdict on an operation (aggregated into one report row). */
export interface Outcome {
  /** The registered definition of what was judged: a check or a verdict of src/verdicts. */
  verdict: Verdict;
  operation?: string;
  status: ResultStatus;
  failures?: CheckFailure[];
  exchange?: Exchange;
  message?: string;
  shrinks?: number;
}

/** The runner, as seen by one suite. */
export interface SuiteContext {
  target: { baseUrl: string; altBaseUrl?: string; isLoopback: boolean };
  /** Whether a free key was supplied (otherwise free-key tests are skipped). */
  hasFreeKey: boolean;
  /** Whether a revoked key is known (`--revoked-api-key-env`, embedded server), for the `revoked` choice. */
  hasRevokedKey?: boolean;
  /** Whether a team key (`team` choice) and a key without credits (`no-credits` choice) were given. */
  hasTeamKey?: boolean;
  hasNoCreditsKey?: boolean;
  /**
   * The run's credit budget: ask `withhold(request, purpose)` before a call that costs credits (a withheld
   * call throws `CreditsWithheld`), and `isRefused(exchange)` after: a 402 it judged needs no other verdict.
   */
  credits: CreditBudget;
  fixtures: TargetFixtures;
  options: SuiteOptions;
  /**
   * Sends one request, paced (sequential; honours 429 Retry-After unless `expect429`), counted against
   * `--max-calls`. Never throws for HTTP outcomes: transport failures come back in `exchange.transportError`.
   * Throws `BudgetExhausted` when the call budget or deadline is reached.
   */
  send(
    request: PlannedRequest,
    opts?: { expect429?: boolean; expectFatal?: boolean; creditPurpose?: string; judgeAhead?: boolean },
  ): Promise<Exchange>;
  /**
   * Sends requests with up to `concurrency` in flight, unpaced (no Retry-After waiting), for load-like suites.
   * Only allowed when `options.allowLoad` is true (throws otherwise). Counted against `--max-calls`.
   */
  sendConcurrent(requests: PlannedRequest[], concurrency: number): Promise<ConcurrentSends>;
  /**
   * Sends requests with up to `concurrency` in flight under the same rules as `send` (counted against
   * `--max-calls`, deadline, a 429 waited out and resent, a refused main key stops the run). Never throws
   * `RunStopped`: it reports it beside the exchanges that completed, so that they can still be judged.
   * `onExchange` receives them in request order while later requests are still in flight.
   */
  sendMany(
    requests: PlannedRequest[],
    concurrency: number,
    onExchange?: (exchange: Exchange, index: number) => void,
  ): Promise<SendManyResult>;
  /**
   * Runs the check catalogue (or the named checks) on an exchange: its failures and the checks that applied.
   * Throws `JudgingUnfinished` when the exchange's large body was judged on the worker and that judgement
   * did not finish (deadline, heap limit); `judgeAndRecord` records it as `harness.judging_unfinished`.
   */
  judge(exchange: Exchange, checkIds?: string[]): Judgement;
  /**
   * Resolves once an exchange sent with `{ judgeAhead: true }` is judged (then `judge` reads that judgement,
   * or throws why it did not finish) and its response tallied and settled; at once for any other exchange.
   * Long sequential rounds use it so that bodies are decoded and judged on the second core while the next
   * calls are sent and served; while the worker is behind, the wait judges the jobs not yet posted to it.
   */
  judgeAhead(exchange: Exchange): Promise<void>;
  /**
   * Settles every exchange sent with `{ judgeAhead: true }` whose judgement has not come back yet (reading
   * its body here), so that the credit budget has seen every response so far; the judgements still come
   * from the worker.
   */
  settleAhead(): void;
  /** Records an outcome of a verdict on an operation (aggregated into one report row). */
  record(outcome: Outcome): void;
  /** True when this work item belongs to this shard (`--shard I/N`); suites call it per case key. */
  inShard(caseKey: string): boolean;
  /** Aborted at the overall deadline. */
  signal: AbortSignal;
  /** The run's time: a suite that waits (a Retry-After, a window) waits on it. */
  clock: Clock;
  /** Progress line for long work. */
  progress(message: string): void;
}

/** What a suite's plan may read: everything its run will see, before any call is sent. */
export interface PlanInput {
  fixtures: TargetFixtures;
  options: SuiteOptions;
  hasFreeKey: boolean;
  hasRevokedKey: boolean;
  /** A team key was given (`--team-api-key-env`). */
  hasTeamKey: boolean;
  /** A key without credits was given (`--no-credits-api-key-env`). */
  hasNoCreditsKey: boolean;
  hasAltBaseUrl: boolean;
  /** Whether a case key of this suite belongs to the run's shard (`SuiteContext.inShard`). */
  inShard(caseKey: string): boolean;
}

/** The calls (and credits) one suite plans before the run sends anything (src/runner/plan.ts). */
export interface SuitePlan {
  /** Calls of a passing run: exact, or an upper bound where responses decide (edge pages, the 429 burst). */
  calls: number;
  /** Calls spent only when something fails (shrinking a counterexample, replaying a concurrent round). */
  reserve: number;
  /** Upper bound of the credits the suite's influencer reads may be charged (1 per delivered record). */
  credits: number;
}

/** A suite: plans its calls, runs its cases and records outcomes. */
export interface Suite {
  name: SuiteName;
  /** One line for `--help` and reports. */
  description: string;
  /** The suite's calls and credits for these inputs; `run` must not exceed `calls + reserve`. */
  plan(input: PlanInput): SuitePlan;
  run(ctx: SuiteContext): Promise<void>;
}
