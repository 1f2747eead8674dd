/**
 * `cbcheck load` as a library: prints the plan, starts the embedded server (per distinct profile
 * settings) and the validation workers, runs each profile under the global caps, and builds the report.
 * Touches no argv and no exit code; `log` gets progress lines.
 */

import { HarnessError } from "../errors.js";
import { Redactor } from "../redactor.js";
import { HarRecorder } from "../report/har.js";
import type { CommandResult, Report } from "../report/model.js";
import { sealResult } from "../report/seal-result.js";
import { decideVerdict } from "../report/verdict.js";
import { loadFixtures } from "../runner/index.js";
import { VERSION } from "../version.js";
import { emptyFixtures, type TargetFixtures } from "../vocabulary/target-fixtures.js";
import { buildLoadReport } from "./build-report.js";
import { lateStartNote, type StartOutcome, waitForStart } from "./coordinated-start.js";
import { type EmbeddedTarget, startEmbeddedTarget } from "./embedded-target.js";
import type { ResolvedLoadOptions } from "./load-options.js";
import type { LoadProfile } from "./profile.js";
import {
  burstSize,
  describePlan,
  expectedRateLimit,
  type LoadTarget,
  type ProfileRun,
  runProfile,
} from "./run-profile.js";
import { isWholeRun, segmentLabel } from "./segment.js";
import { runDetails } from "./segment-details.js";
import { ValidationPool } from "./validation-pool.js";

/** Hooks of a load run; all optional. */
export interface LoadHooks {
  /** Plain progress lines (profile started, calls and broken expectations per profile, …). */
  onProgress?: (line: string) => void;
  /** Aborted on an interruption (the CLI's SIGINT/SIGTERM): sending stops, what was judged is returned. */
  signal?: AbortSignal;
  /** Called as each profile starts, with its planned duration in seconds (progress bars). */
  onProfile?: (name: string, plannedSeconds: number) => void;
  /** Told of every response while a profile runs (live req/s). */
  onResponse?: () => void;
  /**
   * With `--har`: told the recorder of the exchanges (redacting with the command's `Redactor`) as soon as it
   * exists, so that the caller can write the HAR even when the run throws.
   */
  onHar?: (recorder: HarRecorder) => void;
}

/** The planned duration of profile `p` in seconds (the plan and the progress bar read it here). */
export function plannedSeconds(options: ResolvedLoadOptions, p: LoadProfile): number {
  return Math.min(options.durationSeconds ?? p.durationSeconds, p.caps?.maxSeconds ?? Infinity);
}

/** The plan printed before anything is sent: calls and duration per profile, and the hard caps. */
export function planLines(options: ResolvedLoadOptions): string[] {
  const isEmbedded = options.target.kind === "embedded";
  const lines = options.profiles.map((p) => {
    const seconds = plannedSeconds(options, p);
    const cap = Math.min(options.maxCalls, p.caps?.maxCalls ?? Infinity, p.amount ?? Infinity);
    if (p.scenario === "rate-limit") {
      const l = expectedRateLimit(p, isEmbedded, options.expectRateLimit);
      const burst = Math.min(burstSize(l, p), cap);
      return `  ${p.name}: a burst of ${burst} calls (limit ${l.calls} per ${l.windowSeconds} s), one more after Retry-After; a second burst only if the window leaks`;
    }
    const planned = p.rate
      ? `about ${Math.min(cap, Math.ceil(p.rate * seconds))} calls`
      : `up to ${cap} calls`;
    return `  ${p.name}: ${planned} over ${seconds} s (${describePlan(p, seconds, cap, options.expectRateLimit)})`;
  });
  const where = options.target.kind === "url" ? options.target.baseUrl : "the embedded reference server";
  const { index, count } = options.segment;
  const part = isWholeRun(options.segment) ? "" : ` — segment ${index}/${count}: its part of every profile`;
  const start = options.start ? [`  first profile at ${options.start.text}`] : [];
  return [
    `cbcheck load: plan against ${where}${part}`,
    ...start,
    ...lines,
    `  hard caps: ${options.maxCalls} calls in all, ${options.maxSeconds} s in all; the run stops by itself`,
  ];
}

/** Runs every profile and builds the report; never throws for target behaviour. */
export async function runLoad(options: ResolvedLoadOptions, hooks: LoadHooks = {}): Promise<CommandResult> {
  const secrets: string[] = [];
  // The keys of every target the run sends to (an embedded one's per profile): redacted from all it records.
  const redactor = new Redactor();
  const progress = hooks.onProgress ?? (() => {});
  const log = (line: string) => progress(redactor.text(line));
  const startedAt = new Date();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.maxSeconds * 1000);
  timer.unref();
  // An interruption ends sending the way the global deadline does; the notes say which of the two it was.
  const interrupt = () => deadline.abort();
  hooks.signal?.addEventListener("abort", interrupt, { once: true });
  if (hooks.signal?.aborted) interrupt();
  const why = () =>
    hooks.signal?.aborted ? "interrupted" : `stopped at --max-seconds ${options.maxSeconds}`;
  const servers = new Map<string, Promise<EmbeddedTarget>>();
  const poolStart = ValidationPool.start({ size: options.validators });
  const stoppedWaiting = new Promise<undefined>((resolve) => {
    if (deadline.signal.aborted) resolve(undefined);
    else deadline.signal.addEventListener("abort", () => resolve(undefined), { once: true });
  });
  const runs: ProfileRun[] = [];
  const notes: string[] = [];
  const har = options.har ? new HarRecorder(redactor, 2000) : undefined;
  if (har) hooks.onHar?.(har);
  let stopped = false;
  let pool: ValidationPool | undefined;
  let start: StartOutcome | undefined;
  try {
    const fileFixtures = options.fixtures ? await loadFixtures(options.fixtures) : undefined;
    if (options.target.kind === "url" && !fileFixtures) {
      notes.push("no --fixtures: requests use generated organisation ids (most will be reported missing)");
    }
    let callsLeft = options.maxCalls;
    if (options.start) {
      // Set up first (the validation workers), then wait: every segment's first profile begins at the moment.
      pool = await poolStart;
      start = await waitForStart(options.start, options.clock, deadline.signal);
      // --max-seconds bounds the load, not the wait for the start.
      timer.refresh();
      if (start?.isLate)
        notes.push(
          lateStartNote(start, isWholeRun(options.segment) ? undefined : segmentLabel(options.segment)),
        );
    }
    if (!isWholeRun(options.segment)) notes.push(segmentNote(options));
    for (const profile of options.profiles) {
      if (deadline.signal.aborted) {
        notes.push(`${why()} before profile ${profile.name}`);
        stopped = true;
        break;
      }
      if (callsLeft <= 0) {
        notes.push(`stopped at --max-calls ${options.maxCalls} before profile ${profile.name}`);
        break;
      }
      const target = await targetFor(profile, options, servers, fileFixtures);
      secrets.push(target.apiKey);
      redactor.add([target.apiKey]);
      // Starting the validators takes seconds: the deadline (or an interruption) does not wait for it.
      pool ??= await Promise.race([poolStart, stoppedWaiting]);
      if (!pool || deadline.signal.aborted) {
        notes.push(`${why()} before profile ${profile.name}`);
        stopped = true;
        break;
      }
      let run: ProfileRun;
      hooks.onProfile?.(profile.name, plannedSeconds(options, profile));
      try {
        run = await runProfile(profile, target, {
          durationSeconds: options.durationSeconds,
          sampleRate: options.sampleRate,
          maxCalls: callsLeft,
          signal: deadline.signal,
          pool,
          ...(har ? { har } : {}),
          clock: options.clock,
          log,
          ...(hooks.onResponse ? { onResponse: hooks.onResponse } : {}),
          segment: options.segment,
          seed: options.seed,
        });
      } catch (err) {
        // Only the global deadline ends a profile early (a wait on Retry-After or a fresh window).
        if (!deadline.signal.aborted) throw err;
        notes.push(`${why()} during profile ${profile.name}: no verdict for it`);
        stopped = true;
        break;
      }
      callsLeft -= run.calls;
      runs.push(run);
      if (deadline.signal.aborted) {
        // The profile was cut short: what it judged is kept, but its budgets saw only part of the plan.
        notes.push(`${why()} during profile ${profile.name}: judged on the part that ran`);
        stopped = true;
        break;
      }
      log(
        `${profile.name}: ${run.calls} calls, ${run.tallies.all().filter((f) => f.failed > 0).length} broken expectations`,
      );
    }
    if (pool && pool.cutAtStop > 0) {
      notes.push(
        `${pool.cutAtStop} response bodies were not checked: the run stopped (${why()}) before they were judged`,
      );
    }
    if (pool && pool.lost > 0) {
      notes.push(
        `${pool.lost} response bodies were not checked: a validation worker died with them and was restarted (their rows are inconclusive)`,
      );
    }
    if (pool && pool.skipped > 0) {
      notes.push(
        `${pool.skipped} response bodies were not checked: the validators fell behind (raise --validators or lower --sample-rate)`,
      );
    }
  } finally {
    clearTimeout(timer);
    hooks.signal?.removeEventListener("abort", interrupt);
    await Promise.allSettled([...servers.values()].map(async (s) => (await s).close()));
    await (pool ?? (await poolStart.catch(() => undefined)))?.close();
  }
  if (options.sampleRate !== undefined && options.sampleRate < 1) {
    notes.push(
      `bodies checked on a sample of ${(options.sampleRate * 100).toFixed(1)} % of responses; statuses and headers on all`,
    );
  }
  const peakRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  const target: Report["target"] =
    options.target.kind === "url" ? { baseUrl: options.target.baseUrl, embedded: false } : { embedded: true };
  const { report, sections } = buildLoadReport(runs, {
    version: VERSION,
    startedAt,
    target,
    notes,
    peakRssMiB,
    allowInconclusive: options.allowInconclusive,
    run: runDetails(options, start),
  });
  const harFile = options.har && har ? { har: { path: options.har, document: har.document() } } : {};
  if (!stopped) return sealResult({ report, sections, secrets, ...harFile }, redactor);
  const reason = `${why()} before every verdict; see the reports`;
  Object.assign(report, decideVerdict(report.results, { stopped: reason, allowInconclusive: true }));
  return sealResult({ report, sections, secrets, ...harFile, stopped: reason }, redactor);
}

async function targetFor(
  profile: LoadProfile,
  options: ResolvedLoadOptions,
  servers: Map<string, Promise<EmbeddedTarget>>,
  fileFixtures: TargetFixtures | undefined,
): Promise<LoadTarget> {
  if (options.target.kind === "url") {
    const { baseUrl, apiKey } = options.target;
    const declared = options.expectRateLimit;
    return {
      baseUrl,
      apiKey,
      fixtures: fileFixtures ?? emptyFixtures(),
      isEmbedded: false,
      ...(declared ? { declaredLimit: declared } : {}),
    };
  }
  const server = await embeddedFor(profile, options, servers).catch((err: unknown) => {
    if (err instanceof HarnessError) throw err;
    throw new HarnessError("CB_EMBEDDED_SERVER", `embedded server did not start: ${(err as Error).message}`);
  });
  return {
    baseUrl: server.url,
    apiKey: server.keys.plus,
    fixtures: { ...server.fixtures, ...(fileFixtures ?? {}) },
    isEmbedded: true,
    sharesProcess: options.embeddedMode === "in-process",
    ...(options.expectRateLimit ? { declaredLimit: options.expectRateLimit } : {}),
  };
}

/** The embedded server for a profile's settings, started once per distinct settings. */
function embeddedFor(
  profile: LoadProfile,
  options: ResolvedLoadOptions,
  servers: Map<string, Promise<EmbeddedTarget>>,
): Promise<EmbeddedTarget> {
  const settings = { ...profile.embedded, ...(options.mutation ? { mutation: options.mutation } : {}) };
  const key = JSON.stringify(settings);
  let started = servers.get(key);
  if (!started) {
    const clock = options.embeddedMode === "in-process" ? { clock: options.clock } : {};
    started = startEmbeddedTarget({ ...settings, ...clock }, options.embeddedMode);
    // Failures surface when the profile needs the server; never as an unhandled rejection.
    started.catch(() => undefined);
    servers.set(key, started);
  }
  return started;
}

/** The note of a segment's report: which part of which run it is, and how to merge it. */
function segmentNote(options: ResolvedLoadOptions): string {
  const { index, count } = options.segment;
  return (
    `segment ${index}/${count} of a run split over ${count} processes (seed ${options.seed}, plan ${options.runPlan}): ` +
    `rates, connections and caps are this segment's part; \`cbcheck load --merge\` judges the ${count} reports as one run`
  );
}
