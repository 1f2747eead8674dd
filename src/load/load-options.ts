/**
 * Options of `cbcheck load`: one user-facing type (all optional; the CLI's flags are typed from it), resolved
 * once by `resolveLoadOptions` into a fully defaulted, validated object. The only place that validates them
 * (the CLI's flag parsers call the same parsers): a bad value is a HarnessError (exit 2).
 */
import { createHash } from "node:crypto";
import { type Clock, SYSTEM_CLOCK } from "../clock.js";
import { HarnessError } from "../errors.js";
import { httpUrl, integerIn, requireApiKey } from "../option-values.js";
import { defaultReportDir } from "../report/report-dir.js";
import { isLoopbackUrl, parseRate } from "../runner/index.js";
import { resolveStart, type StartPlan } from "./coordinated-start.js";
import type { EmbeddedMode } from "./embedded-target.js";
import { LOAD_DEFAULTS, type LOAD_RANGES, loadNumber } from "./load-defaults.js";
import { loadProfile } from "./load-profile-file.js";
import type { LoadProfile } from "./profile.js";
import { builtInProfileNames } from "./profile-names.js";
import { isWholeRun, parseSegment, partOf, type Segment, WHOLE_RUN } from "./segment.js";
import { segmentProfile } from "./segment-profile.js";

/** What the user may set; every field optional. */
export interface LoadOptions {
  /** Target base URL (with `/v1`); absent: the embedded reference server. */
  baseUrl?: string;
  /** Name of the environment variable holding the key, and the environment to read it from. */
  apiKeyEnv?: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** Built-in profile names or profile files; default every built-in profile. */
  profiles?: string[];
  /**
   * `CALLS/SECONDS`: the limit the target enforces (default for `--base-url`: the contract's 120/60). Profiles
   * pace themselves under it; the `rate-limit` profile judges it.
   */
  expectRateLimit?: string;
  /** Consent to load a target that is not on this machine. */
  allowRemoteLoad?: boolean;
  reportDir?: string;
  /** Fixtures file of known ids for a `baseUrl` target. */
  fixtures?: string;
  /** Overrides every profile's duration. */
  durationSeconds?: number;
  /** Share of responses whose bodies are checked, 0 < share <= 1. */
  sampleRate?: number;
  /** Write a sample of the exchanges as HAR 1.2 to this file (keys never included). */
  har?: string;
  /** Hard caps over the whole run. */
  maxCalls?: number;
  maxSeconds?: number;
  /** Worker threads checking bodies. */
  validators?: number;
  embeddedMode?: EmbeddedMode;
  /** Test-only: a seeded bug of the embedded server. */
  mutation?: string;
  /** Let a run whose only trouble is inconclusive verdicts pass; default such a run is incomplete (exit 2). */
  allowInconclusive?: boolean;
  /**
   * `I/N`: run the I-th of N equal parts of every profile (`--segment`), so that N processes started alike
   * send together what one would; needs a `baseUrl` (one target shared by every segment).
   */
  segment?: string;
  /** Picks the ids and queries of the requests (default 0); every segment of a run must have the same. */
  seed?: number;
  /** RFC 3339 time to begin the first profile at (`--start-at`): N processes start together. */
  startAt?: string;
  /** Seconds from now to begin the first profile at (`--start-after`). */
  startAfter?: number;
  /**
   * The time the rate-limit scenario waits on (a fresh window, Retry-After): the target's time too. Given to
   * an in-process embedded server; a URL target must keep the same one (tests start it on it). An embedded
   * server in a child process keeps the system's, so the waits do too. The coordinated start
   * (`--start-at`) waits on it as well.
   */
  clock?: Clock;
}

/** Options after defaults and validation. */
export interface ResolvedLoadOptions {
  target: { kind: "embedded" } | { kind: "url"; baseUrl: string; isLoopback: boolean; apiKey: string };
  /** The declared limit; absent on the embedded server unless given (each profile sets its own there). */
  expectRateLimit?: { calls: number; windowSeconds: number };
  profiles: LoadProfile[];
  reportDir: string;
  fixtures?: string;
  durationSeconds?: number;
  sampleRate?: number;
  har?: string;
  maxCalls: number;
  maxSeconds: number;
  validators: number;
  embeddedMode: EmbeddedMode;
  mutation?: string;
  allowInconclusive: boolean;
  /** The part of the run this process sends (the whole run by default); `profiles` are already its part. */
  segment: Segment;
  seed: number;
  /** What every segment of one run must share (the whole profiles, overrides and limit), as a digest. */
  runPlan: string;
  /** When the first profile begins (`--start-at`, `--start-after`); absent: at once. */
  start?: StartPlan;
  clock: Clock;
}

function num(key: keyof typeof LOAD_RANGES, value: number | undefined): number | undefined {
  return value === undefined ? undefined : loadNumber(key, value);
}

/** Resolves and validates; throws HarnessError on bad input (remote target without consent included). */
export function resolveLoadOptions(input: LoadOptions, now: Date = new Date()): ResolvedLoadOptions {
  const names = input.profiles && input.profiles.length > 0 ? input.profiles : builtInProfileNames();
  const wholeProfiles = names.map(loadProfile);
  const segment = input.segment === undefined ? WHOLE_RUN : parseSegment(input.segment);
  if (!isWholeRun(segment) && input.baseUrl === undefined) {
    throw new HarnessError(
      "CB_USAGE",
      "--segment splits one run over processes that load one target: give --base-url (each process would start its own embedded server)",
    );
  }
  const seed = input.seed === undefined ? 0 : integerIn(input.seed, "--seed", 0);
  const start = resolveStart(input, (input.clock ?? SYSTEM_CLOCK).now());
  let target: ResolvedLoadOptions["target"] = { kind: "embedded" };
  if (input.baseUrl !== undefined) {
    const baseUrl = httpUrl(input.baseUrl, "--base-url");
    const isLoopback = isLoopbackUrl(baseUrl);
    if (!isLoopback && !input.allowRemoteLoad) {
      throw new HarnessError(
        "CB_REMOTE_LOAD",
        `refusing to load ${new URL(baseUrl).host}: it is not a loopback address; add --allow-remote-load if you own it and mean to load it`,
      );
    }
    const apiKey = requireApiKey(input.env ?? {}, input.apiKeyEnv ?? LOAD_DEFAULTS.apiKeyEnv);
    target = { kind: "url", baseUrl, isLoopback, apiKey };
  }
  const rateText =
    input.expectRateLimit ?? (target.kind === "url" ? LOAD_DEFAULTS.expectRateLimit : undefined);
  const rate = rateText === undefined ? undefined : parseRate(rateText);
  const embeddedMode = input.embeddedMode ?? "child";
  const declared = rate ? { calls: rate.calls, windowSeconds: rate.seconds } : undefined;
  const durationSeconds = num("durationSeconds", input.durationSeconds);
  const maxCalls = Math.floor(num("maxCalls", input.maxCalls) ?? LOAD_DEFAULTS.maxCalls);
  const sampleRate = num("sampleRate", input.sampleRate);
  return {
    target,
    ...(declared ? { expectRateLimit: declared } : {}),
    profiles: wholeProfiles.map((p) => segmentProfile(p, segment, declared)),
    segment,
    seed,
    runPlan: runPlanDigest({ profiles: wholeProfiles, durationSeconds, maxCalls, sampleRate, declared }),
    ...(start ? { start } : {}),
    reportDir: input.reportDir ?? defaultReportDir("load", now),
    fixtures: input.fixtures,
    durationSeconds,
    sampleRate,
    ...(input.har !== undefined ? { har: input.har } : {}),
    // A cap over the whole run: each segment stops at its part of it.
    maxCalls: segmentCap(maxCalls, segment),
    maxSeconds: num("maxSeconds", input.maxSeconds) ?? LOAD_DEFAULTS.maxSeconds,
    validators: Math.floor(num("validators", input.validators) ?? LOAD_DEFAULTS.validators),
    embeddedMode,
    mutation: input.mutation,
    allowInconclusive: input.allowInconclusive ?? false,
    // A child process cannot share a clock: waiting on another one would probe the target before its time.
    clock:
      target.kind === "embedded" && embeddedMode === "child" ? SYSTEM_CLOCK : (input.clock ?? SYSTEM_CLOCK),
  };
}

/** The digest of what every segment of one run must share: the whole profiles as run, and the overrides. */
function runPlanDigest(plan: object): string {
  return `sha256:${createHash("sha256").update(JSON.stringify(plan)).digest("hex").slice(0, 16)}`;
}

/**
 * This segment's part of `--max-calls`. A cap smaller than N would leave a segment nothing to send: every
 * segment refuses it alike, not only the ones left empty.
 */
function segmentCap(maxCalls: number, segment: Segment): number {
  if (maxCalls >= segment.count) return partOf(maxCalls, segment);
  throw new HarnessError(
    "CB_USAGE",
    `--max-calls ${maxCalls} is a cap over the whole run: fewer calls than the ${segment.count} segments`,
  );
}
