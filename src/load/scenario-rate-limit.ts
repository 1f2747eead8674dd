/**
 * The `rate-limit` scenario (Limits: 120 calls per minute; Errors: 429 with `Retry-After` in seconds,
 * "Wait at least Retry-After seconds, then continue"): a burst past the expected limit, then
 *  - the limit is enforced at all (some 429),
 *  - no window of the expected length holds more 2xx than the limit,
 *  - waiting the last 429's `Retry-After` brings a 2xx back.
 * The first two hold only when the burst reached what they need (`burst-reach.ts`): more calls inside one
 * window than the limit, and the profile's connections in flight at once. A burst that did not (a starved
 * machine) leaves them inconclusive, saying what it reached; it never passes them.
 * Each 429's code and header are judged per response by the response judge.
 */

import { parseRetryAfterSeconds } from "../client/pacing.js";
import type { Clock } from "../clock.js";
import { RATE } from "../verdicts/rate.js";
import { type BurstReach, burstReach, overlapNote } from "./burst-reach.js";
import { harnessBehind } from "./judge-budgets.js";
import type { RateLimitExpectation } from "./profile.js";
import type { PhaseOptions, PhaseResult, ResponseEvent } from "./run-phase.js";
import { runPhase } from "./run-phase.js";

/** How the scenario waits and reports: on the target's clock, with progress lines. */
export interface ScenarioTime {
  clock: Clock;
  log(line: string): void;
  /** The target runs on the harness's own thread (the embedded server `--in-process`). */
  sharesProcess?: boolean;
}

/**
 * Why a burst on a target that shares the harness's thread proves no window held under concurrency: that
 * target reads each call when the thread gets to it, so calls the harness saw in flight together may have
 * reached it one by one however little the timers were late (seen: a limiter that leaks under concurrency
 * passed once in a full parallel suite with every core busy, timers under the held-up threshold). A leak it
 * shows still fails.
 */
export const SHARED_THREAD = "the target runs on the harness's own thread (--in-process)";

/**
 * Why a burst's calls may have reached the target one by one although the harness saw them in flight together
 * (this machine held the harness up, or the target shares its thread); undefined when nothing says so.
 */
export function unprovenAtOnce(
  phase: Parameters<typeof harnessBehind>[0],
  sharesProcess: boolean,
): string | undefined {
  return harnessBehind(phase) ?? (sharesProcess ? SHARED_THREAD : undefined);
}

/** What a verdict of the scenario is, and why. */
export interface ScenarioJudgement {
  status: "pass" | "fail" | "inconclusive";
  message: string;
}

/** The expected limit as the judgements read it: calls per window, and the in-flight the burst aims at. */
export interface BurstGoal {
  calls: number;
  windowSeconds: number;
  /** Requests the burst means to keep in flight at once (the profile's connections, at most the burst). */
  concurrency: number;
}

const reached = (r: BurstReach, goal: BurstGoal) =>
  `${r.offered} calls certainly inside one ${goal.windowSeconds} s window (limit ${goal.calls}), ` +
  `${r.inFlight} in flight at once (of ${goal.concurrency}${overlapNote(r.lateMs, r.lateByMoment)})`;

/** `rate.limit_enforced` on a burst with `count429` refusals: no 429 fails only past the limit for sure. */
export function judgeLimitEnforced(r: BurstReach, count429: number, goal: BurstGoal): ScenarioJudgement {
  if (count429 > 0) return { status: "pass", message: `${count429} × 429; ${reached(r, goal)}` };
  if (r.offered > goal.calls) return { status: "fail", message: `no 429; ${reached(r, goal)}` };
  return {
    status: "inconclusive",
    message: `no 429, but the burst never passed the limit within one window: ${reached(r, goal)}`,
  };
}

/**
 * `rate.window_holds` on one burst, or two (the first showed more 2xx than the limit in a span of a window:
 * a window aligned to the clock may have turned over inside it, so only a repeat is a leak).
 */
export function judgeWindowHolds(
  bursts: readonly BurstReach[],
  goal: BurstGoal,
  heldUp?: string,
): ScenarioJudgement {
  const last = bursts[bursts.length - 1];
  const window = `${goal.windowSeconds} s`;
  if (bursts.length > 1 && bursts.every((b) => b.certain2xx > goal.calls)) {
    const most = Math.min(...bursts.map((b) => b.certain2xx));
    return { status: "fail", message: `${most} 2xx within ${window} (limit ${goal.calls}), in two bursts` };
  }
  if (last.possible2xx > goal.calls) {
    return {
      status: "inconclusive",
      message: `up to ${last.possible2xx} 2xx may have shared one ${window} window, ${last.certain2xx} certainly did (limit ${goal.calls}): the timings cannot tell a leak from a window that turned over`,
    };
  }
  if (last.offered <= goal.calls || last.inFlight < goal.concurrency) {
    return {
      status: "inconclusive",
      message: `at most ${last.possible2xx} 2xx in any ${window} window, but the burst did not put the limit under concurrency: ${reached(last, goal)}`,
    };
  }
  // In flight by the harness's clock is not at the target at once when the harness itself was held up: its
  // sends and its record of the answers lag, so calls the target took one by one look concurrent (seen: a
  // leak under concurrency passed on a starved machine). Such a burst proves nothing held.
  if (heldUp !== undefined) {
    return {
      status: "inconclusive",
      message: `at most ${last.possible2xx} 2xx in any ${window} window, but ${heldUp}: the calls may have reached the target one by one; ${reached(last, goal)}`,
    };
  }
  return {
    status: "pass",
    message: `at most ${last.possible2xx} 2xx in any ${window} window (limit ${goal.calls}); ${reached(last, goal)}`,
  };
}

/** Records a judgement into the tallies (a failure with its counterexample). */
export function recordJudgement(
  tallies: PhaseOptions["tallies"],
  verdict: (typeof RATE)[keyof typeof RATE],
  j: ScenarioJudgement,
  failure: { title: string; expected: string },
): void {
  if (j.status === "fail") {
    tallies.fail(verdict, undefined, { ...failure, received: j.message });
    return;
  }
  const f = j.status === "pass" ? tallies.pass(verdict) : tallies.get(verdict);
  f.message = j.message;
  if (j.status === "inconclusive") f.inconclusive = true;
}

/** Runs the scenario; `phase` holds the shared phase options (requests, key, tallies). */
export async function runRateLimitScenario(
  limit: RateLimitExpectation,
  base: Omit<PhaseOptions, "maxCalls" | "rate" | "keepEvents">,
  { clock, log, sharesProcess = false }: ScenarioTime,
): Promise<PhaseResult[]> {
  const { tallies } = base;
  const windowMs = limit.windowSeconds * 1000;
  const burst = limit.burst ?? Math.ceil(limit.calls * 1.5) + base.connections;
  const goal: BurstGoal = {
    calls: limit.calls,
    windowSeconds: limit.windowSeconds,
    concurrency: Math.min(base.connections, burst),
  };
  const phases: PhaseResult[] = [];
  const runBurst = async () => {
    log(`rate-limit: burst of ${burst} calls (expected limit ${limit.calls} per ${limit.windowSeconds} s)`);
    const p = await runPhase({ ...base, maxCalls: burst, keepEvents: true });
    phases.push(p);
    return p;
  };
  let phase = await runBurst();
  // In flight by the harness's clock, less its own lateness: what the target certainly had at once.
  const first = burstReach(phase.events, windowMs, phase.harnessDelayMs, phase.latenessAt);
  const count429 = phase.events.filter((e) => e.status === 429).length;
  const enforced = judgeLimitEnforced(first, count429, goal);
  recordJudgement(
    tallies,
    RATE.limitEnforced,
    { ...enforced, message: `${describe(phase)}; ${enforced.message}` },
    {
      title: `no 429 in a burst of ${phase.events.length} calls`,
      expected: `429 after ${limit.calls} calls within ${limit.windowSeconds} s`,
    },
  );
  const bursts = [first];
  if (first.possible2xx > limit.calls) {
    log(
      `rate-limit: up to ${first.possible2xx} 2xx in one window (limit ${limit.calls}); repeating the burst in a fresh window`,
    );
    await clock.sleep(windowMs + 250, base.signal);
    phase = await runBurst();
    bursts.push(burstReach(phase.events, windowMs, phase.harnessDelayMs, phase.latenessAt));
  }
  recordJudgement(
    tallies,
    RATE.windowHolds,
    judgeWindowHolds(bursts, goal, unprovenAtOnce(phase, sharesProcess)),
    {
      title: `more 2xx within ${limit.windowSeconds} s than the limit ${limit.calls}, in two bursts`,
      expected: `at most ${limit.calls} 2xx per ${limit.windowSeconds} s window`,
    },
  );
  // Recovery is proven on the last 429's Retry-After; without any, limit_enforced already says why.
  const refused = [...phases].reverse().find((p) => p.events.some((e) => e.status === 429));
  if (refused) phases.push(await proveRecovery(limit, refused.events, base, { clock, log }));
  return phases;
}

async function proveRecovery(
  limit: RateLimitExpectation,
  events: readonly ResponseEvent[],
  base: Omit<PhaseOptions, "maxCalls" | "rate" | "keepEvents">,
  { clock, log }: ScenarioTime,
): Promise<PhaseResult> {
  const verdict = RATE.recoversAfterRetryAfter;
  const last = [...events].reverse().find((e) => e.status === 429)!;
  const cap = limit.maxRetryAfterSeconds ?? Math.ceil(limit.windowSeconds);
  const stated = parseRetryAfterSeconds(last.retryAfter);
  // Without a usable Retry-After the client rule cannot be followed; wait the window instead, and say so.
  const seconds = Math.min(stated ?? cap, cap);
  // Response times are the load driver's `performance.now()`; the wait left is on the target's clock.
  const waitMs = Math.max(0, seconds * 1000 - (performance.now() - last.endedAt));
  log(
    `rate-limit: waiting ${(waitMs / 1000).toFixed(1)} s (Retry-After ${last.retryAfter ?? "absent"}) before one call`,
  );
  await clock.sleep(waitMs, base.signal);
  const probe = await runPhase({ ...base, connections: 1, maxCalls: 1, keepEvents: true });
  const status = probe.events[0]?.status;
  const note = `after waiting ${seconds} s (Retry-After: ${last.retryAfter ?? "absent"}) the next call got ${status ?? "no response"}`;
  if (status !== undefined && status >= 200 && status < 300) {
    const f = base.tallies.pass(verdict);
    f.message = stated === undefined ? `${note}; inconclusive without a Retry-After to honour` : note;
    if (stated === undefined) f.inconclusive = true;
  } else {
    base.tallies.fail(verdict, undefined, {
      title: "waiting Retry-After did not bring 2xx back",
      expected: "2xx on the first call after Retry-After seconds",
      received: note,
    });
  }
  return probe;
}

function describe(phase: PhaseResult): string {
  const counts = Object.entries(phase.statusCounts)
    .map(([s, n]) => `${n}×${s}`)
    .join(", ");
  const spanMs = phase.drive.activeMs;
  return `${phase.events.length} calls in ${(spanMs / 1000).toFixed(2)} s: ${counts || "no responses"}`;
}
