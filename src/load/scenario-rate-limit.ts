/**
 * The `rate-limit` scenario (Limits: 120 calls per minute; Errors: 429 with `Retry-After` in seconds,
 * "Wait at least Retry-After seconds, then continue"): a burst past the expected limit, then
 *  - the limit is enforced at all (some 429),
 *  - no window of the expected length holds more 2xx than the limit,
 *  - waiting the last 429's `Retry-After` brings a 2xx back.
 * Each 429's code and header are judged per response by the response judge.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { parseRetryAfterSeconds } from "../client/pacing.js";
import { RATE } from "../verdicts/rate.js";
import type { RateLimitExpectation } from "./profile.js";
import type { PhaseOptions, PhaseResult, ResponseEvent } from "./run-phase.js";
import { runPhase } from "./run-phase.js";

/** Most 2xx whose requests were sent within any span of `windowMs`. */
export function max2xxInWindow(events: readonly ResponseEvent[], windowMs: number): number {
  const times = events.filter((e) => e.status >= 200 && e.status < 300).map((e) => e.sentAt);
  times.sort((a, b) => a - b);
  let best = 0;
  for (let lo = 0, hi = 0; hi < times.length; hi++) {
    while (times[hi] - times[lo] >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

/** Runs the scenario; `phase` holds the shared phase options (requests, key, tallies). */
export async function runRateLimitScenario(
  limit: RateLimitExpectation,
  base: Omit<PhaseOptions, "maxCalls" | "rate" | "keepEvents">,
  log: (line: string) => void,
): Promise<PhaseResult[]> {
  const { tallies } = base;
  const windowMs = limit.windowSeconds * 1000;
  const burst = limit.burst ?? Math.ceil(limit.calls * 1.5) + base.connections;
  const phases: PhaseResult[] = [];
  const runBurst = async () => {
    log(`rate-limit: burst of ${burst} calls (expected limit ${limit.calls} per ${limit.windowSeconds} s)`);
    const p = await runPhase({ ...base, maxCalls: burst, keepEvents: true });
    phases.push(p);
    return p;
  };
  let phase = await runBurst();
  const count429 = phase.events.filter((e) => e.status === 429).length;
  if (count429 === 0) {
    tallies.fail(RATE.limitEnforced, undefined, {
      title: `no 429 in a burst of ${phase.events.length} calls`,
      expected: `429 after ${limit.calls} calls within ${limit.windowSeconds} s`,
      received: describe(phase),
    });
    return phases;
  }
  tallies.pass(RATE.limitEnforced).message = describe(phase);
  let most = max2xxInWindow(phase.events, windowMs);
  if (most > limit.calls) {
    // A window aligned to the clock may have turned over inside the burst; only a repeat is a leak.
    log(
      `rate-limit: ${most} 2xx in one window (limit ${limit.calls}); repeating the burst in a fresh window`,
    );
    await sleep(windowMs + 250, undefined, { signal: base.signal });
    phase = await runBurst();
    most = Math.min(most, max2xxInWindow(phase.events, windowMs));
  }
  if (most <= limit.calls) {
    tallies.pass(RATE.windowHolds).message =
      `at most ${most} 2xx in any ${limit.windowSeconds} s window (limit ${limit.calls})`;
  } else {
    tallies.fail(RATE.windowHolds, undefined, {
      title: `${most} 2xx within ${limit.windowSeconds} s (limit ${limit.calls}), in two bursts`,
      expected: `at most ${limit.calls} 2xx per ${limit.windowSeconds} s window`,
      received: `${most} 2xx; ${describe(phase)}`,
    });
  }
  phases.push(await proveRecovery(limit, phase.events, base, log));
  return phases;
}

async function proveRecovery(
  limit: RateLimitExpectation,
  events: readonly ResponseEvent[],
  base: Omit<PhaseOptions, "maxCalls" | "rate" | "keepEvents">,
  log: (line: string) => void,
): Promise<PhaseResult> {
  const verdict = RATE.recoversAfterRetryAfter;
  const last = [...events].reverse().find((e) => e.status === 429)!;
  const cap = limit.maxRetryAfterSeconds ?? Math.ceil(limit.windowSeconds);
  const stated = parseRetryAfterSeconds(last.retryAfter);
  // Without a usable Retry-After the client rule cannot be followed; wait the window instead, and say so.
  const seconds = Math.min(stated ?? cap, cap);
  const waitMs = Math.max(0, last.endedAt + seconds * 1000 - performance.now());
  log(
    `rate-limit: waiting ${(waitMs / 1000).toFixed(1)} s (Retry-After ${last.retryAfter ?? "absent"}) before one call`,
  );
  await sleep(waitMs, undefined, { signal: base.signal });
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
