/**
 * Options of `cbcheck run`: one user-facing type (all optional; the CLI's flags are typed from it), resolved
 * ONCE by `resolveRunOptions` into a fully defaulted, validated object. This is the only place that
 * validates them (the CLI's flag parsers call the same parsers): a bad value is a HarnessError `CB_USAGE`.
 */
import { type Clock, SYSTEM_CLOCK } from "../clock.js";
import { HarnessError } from "../errors.js";
import { type ExtraHeader, type HeaderInput, headerSecrets, parseHeaders } from "../extra-headers.js";
import { envValue, envVarName, httpUrl, integerIn, jsonPointer, requireApiKey } from "../option-values.js";
import { defaultReportDir } from "../report/report-dir.js";
import { BLOCKS_THREAD } from "../server/mutations.js";
import type { EmbeddedMode } from "../server/start-in-child.js";
import type { SuiteName } from "../vocabulary/suite-name.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { parseConcurrency, parseRate, parseShard, parseSuites } from "./option-parsers.js";
import { RUN_DEFAULTS, SUITE_ORDER } from "./run-defaults.js";
import type { Shard } from "./shard.js";

export { RUN_DEFAULTS, SUITE_ORDER };

/** Fixtures given in code: `known_ids` required, the rest optional (as in the fixtures file). */
export type FixturesInput = Partial<TargetFixtures> & { known_ids: string[] };

/** What the user may set; every field optional. */
export interface RunOptions {
  /** Target base URL (with `/v1`); absent: start the embedded reference server. */
  baseUrl?: string;
  altBaseUrl?: string;
  /** Names of the environment variables holding the keys, and the environment to read them from. */
  apiKeyEnv?: string;
  freeApiKeyEnv?: string;
  /** Optional keys in other states; absent, their checks are skipped (listed with the flag that enables them). */
  teamApiKeyEnv?: string;
  revokedApiKeyEnv?: string;
  noCreditsApiKeyEnv?: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** Fixtures file path (schemas/fixtures.schema.json), or fixtures already loaded. */
  fixtures?: string | FixturesInput;
  /** Headers every request carries (`--header NAME:VALUE`, repeatable): a gateway's tenant or routing header. */
  headers?: readonly HeaderInput[];
  suites?: string[];
  seed?: number;
  runs?: number;
  /** Pairwise cases of the coverage phase per operation (default: all of them). */
  maxPairwise?: number;
  /** Whether the `schema` suite sends its coverage phase before the random one (default true; tests of other things turn it off). */
  coveragePhase?: boolean;
  maxCalls?: number;
  /** Stop the run once this many outcomes failed (`--max-failures`; default: no limit). */
  maxFailures?: number;
  /** `CALLS/SECONDS`. */
  expectRateLimit?: string;
  allowLoad?: boolean;
  allowCredits?: boolean;
  /** Most credits the run may spend (default 100); given, it allows credits like `--allow-credits`. */
  maxCredits?: number;
  reportDir?: string;
  /** `I/N`. */
  shard?: string;
  timeoutMs?: number;
  deadlineS?: number;
  /** Calls in a row without a response (timeout, reset, refused) after which the run stops. */
  giveUpAfterFailures?: number;
  /** 429 responses in a row, each waited out, after which the run stops. */
  giveUpAfter429s?: number;
  maxBodyBytes?: number;
  altIgnore?: string[];
  /** Requests in flight at once in the `schema` suite (1..16, default 1: sequential, as the contract recommends). */
  concurrency?: number;
  /** `--runs` from which sequential `schema` rounds judge on the judging worker (no flag; tests set 0). */
  judgeAheadFromRuns?: number;
  /** Count every warning as a failure (the run's verdict fails on any warning). */
  strict?: boolean;
  /** Write every exchange as HAR 1.2 to this file (keys never included). */
  har?: string;
  /** Let a run with inconclusive checks (and no failure) pass; default such a run is incomplete (exit 2). */
  allowInconclusive?: boolean;
  /** Embedded server only: its rate window (the expected limit follows it) and a seeded bug (tests). */
  embeddedRateLimit?: number;
  embeddedRateWindowMs?: number;
  mutation?: string | readonly string[];
  /** Embedded server only: where it runs (default `in-process`; `child`: a server that hangs cannot stop the run). */
  embeddedMode?: EmbeddedMode;
  /** Fail the run (`run.rule_unexercised`) when a rule of a selected suite judged no exchange. */
  failOnUnexercised?: boolean;
  /** Fail the run (`run.rule_unexercised`) when a rule of a selected suite judged fewer than N exchanges. */
  minExercised?: number;
  /**
   * The time pacing, Retry-After holds, the rate-limit suite's waits and the deadline's budget are measured
   * and waited on, shared with the embedded server (default the system clock; tests skip waits with it).
   */
  clock?: Clock;
}

/**
 * The coverage gate's minimum: `--min-exercised N`, at least 1 under `--fail-on-unexercised`, else 0 (off).
 * A rule must judge this many exchanges (`run.rule_unexercised`).
 */
export function coverageGate(
  options: Pick<ResolvedRunOptions, "failOnUnexercised" | "minExercised">,
): number {
  return options.failOnUnexercised ? Math.max(1, options.minExercised) : options.minExercised;
}

/** The options after resolution: nothing optional left to default. */
export interface ResolvedRunOptions {
  target: { kind: "embedded" } | { kind: "url"; baseUrl: string; altBaseUrl?: string };
  apiKey?: string;
  freeApiKey?: string;
  teamApiKey?: string;
  revokedApiKey?: string;
  noCreditsApiKey?: string;
  /** The environment variables the keys are read from (named in curl lines and rerun commands). */
  keyEnv: { main: string; free: string };
  fixtures?: string | FixturesInput;
  /** `--header`s: sent on every request; secret ones redacted everywhere. */
  headers: readonly ExtraHeader[];
  suites: SuiteName[];
  seed: number;
  runs: number;
  /** Pairwise cases per operation (`--max-pairwise`; Infinity: all). */
  maxPairwise: number;
  /** Whether `--max-pairwise` was given (otherwise a paced plan may choose fewer to fit the declared limit). */
  maxPairwiseGiven: boolean;
  /** Whether the `schema` suite sends its coverage phase. */
  coveragePhase: boolean;
  /** Whether `--runs` was given (otherwise a paced plan may choose fewer to fit the declared limit). */
  runsGiven: boolean;
  /** `--max-calls` when given; otherwise the plan's calls plus its reserve are the budget (plan.ts). */
  maxCalls?: number;
  /** `--max-failures` when given: failing outcomes (warnings too under `--strict`) after which the run stops. */
  maxFailures?: number;
  expectRateLimit: { calls: number; seconds: number };
  /** Pace every call to stay under `expectRateLimit`: the user declared the limit of a URL target. */
  paceToLimit: boolean;
  allowLoad: boolean;
  allowCredits: boolean;
  maxCredits: number;
  reportDir: string;
  shard: Shard;
  timeoutMs: number;
  deadlineS: number;
  giveUpAfterFailures: number;
  giveUpAfter429s: number;
  maxBodyBytes: number;
  altIgnore: string[];
  concurrency: number;
  judgeAheadFromRuns: number;
  strict: boolean;
  failOnUnexercised: boolean;
  /** `--min-exercised N` (0 when not given); the gate itself is `coverageGate(options)`. */
  minExercised: number;
  /** Where to write every exchange as HAR 1.2 (key never included), or undefined. */
  har?: string;
  allowInconclusive: boolean;
  embedded: {
    rateLimit: number;
    rateWindowMs: number;
    mode: EmbeddedMode;
    mutation?: string | readonly string[];
  };
  clock: Clock;
}

/**
 * The embedded server's place (library callers may pass any string): `in-process` unless `child`, and `child`
 * when a seeded bug would stop the runner's own thread (asking for it in-process then is a usage error).
 */
function embeddedModeOf(value: string | undefined, mutation: string | readonly string[] = []): EmbeddedMode {
  if (value !== undefined && value !== "in-process" && value !== "child")
    throw new HarnessError("CB_USAGE", `embeddedMode must be "child" or "in-process", got "${value}"`);
  const blocking = [mutation].flat().find((id) => BLOCKS_THREAD.has(id));
  if (blocking === undefined) return value ?? "in-process";
  if (value === "in-process")
    throw new HarnessError(
      "CB_USAGE",
      `the seeded bug ${blocking} stops the server's thread: an in-process embedded server would stop the run with it (use embeddedMode "child")`,
    );
  return "child";
}

/** Resolves user options into the one validated, defaulted object the runner uses. */
export function resolveRunOptions(input: RunOptions, now: Date = new Date()): ResolvedRunOptions {
  const env = input.env ?? {};
  const embedded = input.baseUrl === undefined;
  if (embedded && input.altBaseUrl !== undefined) {
    throw new HarnessError("CB_USAGE", "--alt-base-url needs --base-url (the embedded server has its own)");
  }
  if (!embedded && input.embeddedMode === "child") {
    throw new HarnessError(
      "CB_USAGE",
      "--embedded-child is for the embedded server; it cannot go with --base-url",
    );
  }
  const apiKeyEnv = envVarName(input.apiKeyEnv ?? RUN_DEFAULTS.apiKeyEnv);
  const freeApiKeyEnv = envVarName(input.freeApiKeyEnv ?? RUN_DEFAULTS.freeApiKeyEnv);
  const apiKey = embedded ? undefined : requireApiKey(env, apiKeyEnv);
  const freeApiKey = embedded ? undefined : envValue(env, freeApiKeyEnv);
  const optionalKey = (name: string | undefined, fallback: string): string | undefined =>
    embedded ? undefined : envValue(env, envVarName(name ?? fallback));
  const teamApiKey = optionalKey(input.teamApiKeyEnv, RUN_DEFAULTS.teamApiKeyEnv);
  const revokedApiKey = optionalKey(input.revokedApiKeyEnv, RUN_DEFAULTS.revokedApiKeyEnv);
  const noCreditsApiKey = optionalKey(input.noCreditsApiKeyEnv, RUN_DEFAULTS.noCreditsApiKeyEnv);
  const rateLimit = integerIn(
    input.embeddedRateLimit ?? RUN_DEFAULTS.embeddedRateLimit,
    "embedded rate limit",
  );
  const windowMs = integerIn(input.embeddedRateWindowMs ?? RUN_DEFAULTS.embeddedRateWindowMs, "window");
  const rateText =
    input.expectRateLimit ?? (embedded ? `${rateLimit}/${windowMs / 1000}` : RUN_DEFAULTS.expectRateLimit);
  return {
    target: embedded
      ? { kind: "embedded" }
      : {
          kind: "url",
          baseUrl: httpUrl(input.baseUrl!, "--base-url"),
          ...(input.altBaseUrl ? { altBaseUrl: httpUrl(input.altBaseUrl, "--alt-base-url") } : {}),
        },
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(freeApiKey !== undefined ? { freeApiKey } : {}),
    ...(teamApiKey !== undefined ? { teamApiKey } : {}),
    ...(revokedApiKey !== undefined ? { revokedApiKey } : {}),
    ...(noCreditsApiKey !== undefined ? { noCreditsApiKey } : {}),
    keyEnv: { main: apiKeyEnv, free: freeApiKeyEnv },
    ...(input.fixtures !== undefined ? { fixtures: input.fixtures } : {}),
    suites: parseSuites(input.suites, SUITE_ORDER),
    seed: input.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : integerIn(input.seed, "--seed", 0),
    runs: integerIn(input.runs ?? RUN_DEFAULTS.runs, "--runs"),
    maxPairwise:
      input.maxPairwise === undefined
        ? Number.POSITIVE_INFINITY
        : integerIn(input.maxPairwise, "--max-pairwise", 0),
    maxPairwiseGiven: input.maxPairwise !== undefined,
    coveragePhase: input.coveragePhase ?? true,
    runsGiven: input.runs !== undefined,
    ...(input.maxCalls !== undefined ? { maxCalls: integerIn(input.maxCalls, "--max-calls") } : {}),
    ...(input.maxFailures !== undefined
      ? { maxFailures: integerIn(input.maxFailures, "--max-failures") }
      : {}),
    expectRateLimit: parseRate(rateText),
    paceToLimit: !embedded && input.expectRateLimit !== undefined,
    allowLoad: input.allowLoad ?? false,
    // The embedded server's credits are not real money: influencer reads are always allowed there.
    allowCredits: input.allowCredits ?? (input.maxCredits !== undefined || embedded),
    maxCredits: integerIn(input.maxCredits ?? RUN_DEFAULTS.maxCredits, "--max-credits", 0),
    reportDir: input.reportDir ?? defaultReportDir("run", now),
    shard: parseShard(input.shard ?? "1/1"),
    timeoutMs: integerIn(input.timeoutMs ?? RUN_DEFAULTS.timeoutMs, "--timeout-ms"),
    deadlineS: integerIn(input.deadlineS ?? RUN_DEFAULTS.deadlineS, "--deadline-s"),
    giveUpAfterFailures: integerIn(
      input.giveUpAfterFailures ?? RUN_DEFAULTS.giveUpAfterFailures,
      "--give-up-after-failures",
    ),
    giveUpAfter429s: integerIn(input.giveUpAfter429s ?? RUN_DEFAULTS.giveUpAfter429s, "--give-up-after-429s"),
    maxBodyBytes: integerIn(input.maxBodyBytes ?? RUN_DEFAULTS.maxBodyBytes, "max body bytes"),
    altIgnore:
      input.altIgnore && input.altIgnore.length > 0
        ? input.altIgnore.map((p) => jsonPointer(p, "--alt-ignore"))
        : [...RUN_DEFAULTS.altIgnore],
    concurrency: parseConcurrency(input.concurrency ?? RUN_DEFAULTS.concurrency),
    judgeAheadFromRuns: input.judgeAheadFromRuns ?? RUN_DEFAULTS.judgeAheadFromRuns,
    strict: input.strict ?? false,
    failOnUnexercised: input.failOnUnexercised ?? false,
    minExercised: input.minExercised === undefined ? 0 : integerIn(input.minExercised, "--min-exercised"),
    ...(input.har !== undefined ? { har: input.har } : {}),
    allowInconclusive: input.allowInconclusive ?? false,
    headers: parseHeaders(input.headers),
    embedded: {
      rateLimit,
      rateWindowMs: windowMs,
      mode: embeddedModeOf(input.embeddedMode, input.mutation),
      ...(input.mutation ? { mutation: input.mutation } : {}),
    },
    clock: input.clock ?? SYSTEM_CLOCK,
  };
}

/** Every key a run may send (and a target may echo back): what its outputs redact. */
export function runSecrets(options: ResolvedRunOptions): string[] {
  return [
    options.apiKey,
    options.freeApiKey,
    options.teamApiKey,
    options.revokedApiKey,
    options.noCreditsApiKey,
    ...headerSecrets(options.headers),
  ].filter((k): k is string => k !== undefined);
}
