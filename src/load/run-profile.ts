/**
 * Runs one load profile against a target: builds the request mix, runs its scenario, judges budgets,
 * and returns the tallies with the merged latency histograms of every phase.
 */
import type { Clock } from "../clock.js";
import type { HarRecorder } from "../report/har.js";
import { BATCH } from "../verdicts/limits.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { certainInFlight, harnessLateMs, overlapLateness, overlapNote } from "./burst-reach.js";
import { judgeBudgets } from "./judge-budgets.js";
import { mergeHistograms } from "./latency-histogram.js";
import { noteThrottled, pacedBudgets, pacedRate } from "./pacing.js";
import { PeakRss } from "./peak-rss.js";
import type { LoadProfile, RateLimitExpectation } from "./profile.js";
import { buildRequestMix } from "./request-mix.js";
import type { ItemLatency, LoadModel, PhaseResult } from "./run-phase.js";
import { runPhase } from "./run-phase.js";
import { runRateLimitScenario } from "./scenario-rate-limit.js";
import { isWholeRun, type Segment, WHOLE_RUN } from "./segment.js";
import { type BurstDetails, burstDetails, deferToMerge } from "./segment-rate-limit.js";
import { Tallies } from "./tallies.js";
import type { ValidationPool } from "./validation-pool.js";

/** Where and how to send. */
export interface LoadTarget {
  baseUrl: string;
  apiKey: string;
  fixtures: TargetFixtures;
  /** The embedded reference server (its `embedded` settings apply). */
  isEmbedded: boolean;
  /**
   * The target runs in this process (the embedded server `--in-process`): its own work stalls with the
   * harness's, so a busy machine can add to an answer more than the harness's slack bounds.
   */
  sharesProcess?: boolean;
  /** The limit the target is declared to enforce (`--expect-rate-limit`): profiles pace under it. */
  declaredLimit?: RateLimitExpectation;
}

/** Overrides from the command line, already validated. */
export interface ProfileOverrides {
  durationSeconds?: number;
  sampleRate?: number;
  /** Global call cap left for this profile. */
  maxCalls: number;
  signal?: AbortSignal;
  pool?: ValidationPool;
  /** Samples exchanges for `--har`. */
  har?: HarRecorder;
  /** The time the scenario waits on (the target's time too). */
  clock: Clock;
  log(line: string): void;
  /** Told of every response (live progress). */
  onResponse?: () => void;
  /** The part of a run split over processes this one sends (`--segment`); the profile is already its part. */
  segment?: Segment;
  /** Picks the ids and queries of the requests (`--seed`). */
  seed?: number;
}

/** The outcome of one profile. */
export interface ProfileRun {
  profile: LoadProfile;
  tallies: Tallies;
  model: LoadModel;
  latency: Map<string, ItemLatency>;
  calls: number;
  responses: number;
  statusCounts: Record<string, number>;
  activeMs: number;
  /** Responses that broke an expectation or check, and requests without a response. */
  bad: number;
  transportErrors: number;
  closedByServer: number;
  /** Sends late on their own timer (open model), and the time lost so: this machine fell behind. */
  lateSends: number;
  lateMs: number;
  /** The most this process's own timers were held up in a phase (p99 ms). */
  harnessDelayMs: number;
  /** Peak resident set size of the cbcheck process while the profile ran, in MiB. */
  peakRssMiB: number;
  /** A segment's first rate-limit burst, for the merge to judge the limiter on every segment's calls. */
  burst?: BurstDetails;
}

/**
 * The limit to expect: the embedded server's own settings, else the declared limit (`--expect-rate-limit`),
 * else the profile's (contract) figures.
 */
export function expectedRateLimit(
  profile: LoadProfile,
  isEmbedded: boolean,
  declaredLimit?: RateLimitExpectation,
): RateLimitExpectation {
  const declared = { ...(profile.rateLimit ?? { calls: 120, windowSeconds: 60 }), ...declaredLimit };
  const e = profile.embedded;
  if (!isEmbedded || !e?.rateLimit) return declared;
  return { ...declared, calls: e.rateLimit, windowSeconds: (e.rateWindowMs ?? 60_000) / 1000 };
}

/** Runs a profile to its end; never throws for target behaviour (that is in the tallies). */
export async function runProfile(
  profile: LoadProfile,
  target: LoadTarget,
  o: ProfileOverrides,
): Promise<ProfileRun> {
  const memory = new PeakRss();
  try {
    const run = await runScenario(profile, target, o);
    return { ...run, peakRssMiB: memory.stop() };
  } finally {
    memory.stop();
  }
}

async function runScenario(
  profile: LoadProfile,
  target: LoadTarget,
  o: ProfileOverrides,
): Promise<Omit<ProfileRun, "peakRssMiB">> {
  const tallies = new Tallies();
  const requests = buildRequestMix(profile, target.fixtures, target.baseUrl, o.seed);
  const segment = o.segment ?? WHOLE_RUN;
  const durationSeconds = Math.min(
    o.durationSeconds ?? profile.durationSeconds,
    profile.caps?.maxSeconds ?? Infinity,
  );
  let maxCalls = Math.min(o.maxCalls, profile.caps?.maxCalls ?? Infinity, profile.amount ?? Infinity);
  const rate = pacedRate(profile.rate, target.declaredLimit);
  const base = {
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    requests,
    connections: profile.connections,
    durationSeconds,
    sampleRate: o.sampleRate ?? profile.sampleRate,
    signal: o.signal,
    pool: o.pool,
    ...(o.har ? { har: o.har } : {}),
    tallies,
    ...(o.onResponse ? { onResponse: o.onResponse } : {}),
    segment,
  };
  let burst: BurstDetails | undefined;
  let phases: PhaseResult[];
  const warmUps: PhaseResult[] = [];
  if (profile.scenario === "rate-limit") {
    const limit = expectedRateLimit(profile, target.isEmbedded, target.declaredLimit);
    const size = Math.min(burstSize(limit, profile), maxCalls);
    phases = await runRateLimitScenario({ ...limit, burst: size }, base, {
      clock: o.clock,
      log: o.log,
      ...(target.sharesProcess ? { sharesProcess: true } : {}),
    });
    if (!isWholeRun(segment)) {
      // The scenario always runs its first burst: phases[0] is it.
      burst = burstDetails(phases[0], limit, Math.min(base.connections, size));
      deferToMerge(tallies, segment);
    }
  } else {
    const warmUp = Math.min(profile.warmupSeconds ?? 0, durationSeconds);
    if (warmUp > 0) {
      o.log(`${profile.name}: warming up for ${warmUp} s (not measured)`);
      const w = await runPhase({
        ...base,
        durationSeconds: warmUp,
        rate,
        allowThrottle: true,
        maxCalls,
        isWarmUp: true,
      });
      maxCalls -= w.drive.sent;
      warmUps.push(w);
    }
    o.log(`${profile.name}: ${describePlan(profile, durationSeconds, maxCalls, target.declaredLimit)}`);
    // The batch scenario keeps its calls' spans (bounded by the call cap): its concurrency is judged on them.
    const keepEvents = profile.scenario === "batch-limits";
    const phase = await runPhase({ ...base, rate, maxCalls, keepEvents, allowThrottle: true });
    phases = [phase];
    judgeBudgets(pacedBudgets(profile.budgets, rate), phase, tallies, {
      sharesProcess: target.sharesProcess,
    });
    noteThrottled(phase, tallies);
    if (profile.scenario === "batch-limits")
      judgeNo5xx(phase, tallies, Math.min(profile.connections, maxCalls));
  }
  const run = summarisePhases(profile, tallies, phases);
  run.calls += warmUps.reduce((n, w) => n + w.drive.sent, 0);
  return burst ? { ...run, burst } : run;
}

/** Calls in a rate-limit burst: the profile's, or 1.5 × the limit plus one per connection. */
export function burstSize(limit: RateLimitExpectation, profile: LoadProfile): number {
  return limit.burst ?? Math.ceil(limit.calls * 1.5) + profile.connections;
}

/** One line: what a profile will send. */
export function describePlan(
  profile: LoadProfile,
  durationSeconds: number,
  maxCalls: number,
  declaredLimit?: RateLimitExpectation,
): string {
  const rate = pacedRate(profile.rate, declaredLimit);
  const paced =
    rate !== undefined && rate !== profile.rate && declaredLimit
      ? ` (paced under the declared limit ${declaredLimit.calls}/${declaredLimit.windowSeconds} s)`
      : "";
  const pace = rate ? `${+rate.toFixed(2)} requests/s${paced}` : "as fast as the connections go";
  return `${profile.connections} connections, ${pace}, ${durationSeconds} s, at most ${maxCalls} calls`;
}

/**
 * `batch.no_5xx_under_concurrency`: a 5xx fails; none passes only when the profile's connections were all in
 * flight at once at some moment (a starved machine that sent one batch at a time proves nothing about
 * concurrency: inconclusive, saying what it reached). With the calls' spans, in flight is what the target
 * certainly had at once: overlaps longer than the harness's own lateness (`certainInFlight`).
 */
export function judgeNo5xx(
  phase: Pick<PhaseResult, "statusCounts" | "drive"> &
    Partial<Pick<PhaseResult, "events" | "harnessDelayMs" | "latenessAt">>,
  tallies: Tallies,
  connections: number,
): void {
  const fives = Object.entries(phase.statusCounts).filter(([s]) => Number(s) >= 500);
  const total = fives.reduce((n, [, c]) => n + c, 0);
  if (total === 0) {
    const { maxInFlightByItem, responses } = phase.drive;
    const spans = phase.events ?? [];
    // Without the calls' spans only the harness's own count is known, and no lateness was allowed for.
    const late = spans.length > 0 ? harnessLateMs(phase.harnessDelayMs) : 0;
    const discount = overlapLateness(late, phase.latenessAt);
    const maxInFlight = spans.length > 0 ? certainInFlight(spans, discount) : phase.drive.maxInFlight;
    const lateness = overlapNote(late, typeof discount === "function");
    const byItem = Object.entries(maxInFlightByItem)
      .map(([name, n]) => `${name} ${n}`)
      .join(", ");
    const reached = `${responses} responses, none 5xx; at most ${maxInFlight} in flight at once (of ${connections}${lateness}${byItem ? `; ${byItem}` : ""})`;
    if (maxInFlight >= connections) {
      tallies.pass(BATCH.no5xx).message = reached;
      return;
    }
    const f = tallies.get(BATCH.no5xx);
    f.inconclusive = true;
    f.message = `${reached}: the batches never met the concurrency this verdict is about`;
    return;
  }
  tallies.fail(BATCH.no5xx, undefined, {
    title: `${total} 5xx responses under concurrent batches`,
    expected: "no 5xx",
    received: fives.map(([s, c]) => `${c}×${s}`).join(", "),
  });
}

function summarisePhases(
  profile: LoadProfile,
  tallies: Tallies,
  phases: PhaseResult[],
): Omit<ProfileRun, "peakRssMiB"> {
  const latency = new Map<string, ItemLatency>();
  const statusCounts: Record<string, number> = {};
  let calls = 0;
  let responses = 0;
  let activeMs = 0;
  let bad = 0;
  let transportErrors = 0;
  let closedByServer = 0;
  let lateSends = 0;
  let lateMs = 0;
  let harnessDelayMs = 0;
  for (const p of phases) {
    calls += p.drive.sent;
    responses += p.drive.responses;
    activeMs += p.drive.activeMs;
    bad += p.bad;
    transportErrors += p.drive.transportErrors;
    closedByServer += p.drive.closedByServer;
    lateSends += p.drive.lateSends;
    lateMs += p.drive.lateMs;
    harnessDelayMs = Math.max(harnessDelayMs, p.harnessDelayMs);
    for (const [s, n] of Object.entries(p.statusCounts)) statusCounts[s] = (statusCounts[s] ?? 0) + n;
    for (const [name, h] of p.latency) {
      const into = latency.get(name);
      latency.set(name, {
        corrected: mergeHistograms(into ? [into.corrected, h.corrected] : [h.corrected]),
        uncorrected: mergeHistograms(into ? [into.uncorrected, h.uncorrected] : [h.uncorrected]),
      });
    }
  }
  const model = phases[0]?.model ?? "closed (as fast as connections allow)";
  return {
    profile,
    tallies,
    model,
    latency,
    calls,
    responses,
    statusCounts,
    activeMs,
    bad,
    transportErrors,
    closedByServer,
    lateSends,
    lateMs,
    harnessDelayMs,
  };
}
