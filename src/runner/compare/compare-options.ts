/**
 * Options of `cbcheck compare`, resolved once: URLs, keys from the environment, fixtures from a file (without
 * one, `runCompare` discovers the base's ids under its guards), budget, deadline and give-up limits.
 */

import { type ExtraHeader, type HeaderInput, parseHeaders } from "../../extra-headers.js";
import { GENERATED_OPERATIONS, type GeneratedOperation } from "../../generate/index.js";
import { httpUrl, integerIn, jsonPointer, requireApiKey } from "../../option-values.js";
import type { TargetFixtures } from "../../vocabulary/target-fixtures.js";
import { loadFixtures } from "../fixtures.js";
import { RUN_DEFAULTS } from "../run-defaults.js";
import type { GuardLimits } from "../send-guard.js";
import { COMPARE_DEFAULTS, DEFAULT_COMPARE_IGNORE } from "./compare-defaults.js";

/** Resolved options of one comparison. */
export interface ResolvedCompareOptions extends GuardLimits {
  baseUrl: string;
  candidateUrl: string;
  apiKey: string;
  candidateApiKey: string;
  keyEnv: { base: string; candidate: string };
  /** Ids from `--fixtures`; absent: discovered on the base before the comparison. */
  fixtures?: TargetFixtures;
  /** `--header`s: sent to both releases on every request; secret ones redacted like the keys. */
  headers: readonly ExtraHeader[];
  seed: number;
  runs: number;
  /** The operations compared (default all generated ones). */
  operations: GeneratedOperation[];
  ignore: string[];
  maxCalls: number;
  timeoutMs: number;
  allowCredits: boolean;
}

/** What a caller (or the CLI) gives; all but the two URLs optional. */
export interface CompareOptions {
  baseUrl: string;
  candidateUrl: string;
  env?: Record<string, string | undefined>;
  /** Variable of the key for the base (default CB_API_KEY). */
  apiKeyEnv?: string;
  /** Variable of the key for the candidate (default: the base's). */
  candidateApiKeyEnv?: string;
  fixtures?: string;
  /** Headers every request carries, to both releases (`--header NAME:VALUE`). */
  headers?: readonly HeaderInput[];
  seed?: number;
  runs?: number;
  /** Compare only these operations (default: every generated one). */
  operations?: GeneratedOperation[];
  ignore?: string[];
  maxCalls?: number;
  timeoutMs?: number;
  /** Overall deadline in seconds (default: run's, 600): the comparison stops there, incomplete. */
  deadlineS?: number;
  /** Calls in a row without a response from one release before giving up on it (default: run's, 5). */
  giveUpAfterFailures?: number;
  /** 429s in a row from one release, each waited out, before giving up on it (default: run's, 5). */
  giveUpAfter429s?: number;
  allowCredits?: boolean;
}

/** Validates and defaults the options; reads keys from `env` and fixtures from the file, if one is given. */
export async function resolveCompareOptions(input: CompareOptions): Promise<ResolvedCompareOptions> {
  const env = input.env ?? {};
  const baseUrl = httpUrl(input.baseUrl, "--base-url");
  const candidateUrl = httpUrl(input.candidateUrl, "--candidate-url");
  const baseEnv = input.apiKeyEnv ?? "CB_API_KEY";
  const candidateEnv = input.candidateApiKeyEnv ?? baseEnv;
  const apiKey = requireApiKey(env, baseEnv);
  const candidateApiKey = requireApiKey(env, candidateEnv);
  const timeoutMs = integerIn(input.timeoutMs ?? COMPARE_DEFAULTS.timeoutMs, "--timeout-ms");
  const seed = input.seed ?? Math.floor(Math.random() * 2 ** 31);
  // Checked before fixtures are read or discovered: a bad value costs no call.
  const ignore =
    input.ignore && input.ignore.length > 0
      ? input.ignore.map((p) => jsonPointer(p, "--ignore"))
      : [...DEFAULT_COMPARE_IGNORE];
  return {
    baseUrl,
    candidateUrl,
    apiKey,
    candidateApiKey,
    keyEnv: { base: baseEnv, candidate: candidateEnv },
    ...(input.fixtures ? { fixtures: await loadFixtures(input.fixtures) } : {}),
    headers: parseHeaders(input.headers),
    seed,
    runs: integerIn(input.runs ?? COMPARE_DEFAULTS.runs, "--runs"),
    operations:
      input.operations && input.operations.length > 0 ? [...input.operations] : [...GENERATED_OPERATIONS],
    ignore,
    maxCalls: integerIn(input.maxCalls ?? COMPARE_DEFAULTS.maxCalls, "--max-calls"),
    timeoutMs,
    deadlineS: integerIn(input.deadlineS ?? RUN_DEFAULTS.deadlineS, "--deadline-s"),
    giveUpAfterFailures: integerIn(
      input.giveUpAfterFailures ?? RUN_DEFAULTS.giveUpAfterFailures,
      "--give-up-after-failures",
    ),
    giveUpAfter429s: integerIn(input.giveUpAfter429s ?? RUN_DEFAULTS.giveUpAfter429s, "--give-up-after-429s"),
    allowCredits: input.allowCredits ?? false,
  };
}
