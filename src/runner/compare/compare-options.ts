/** Options of `cbcheck compare`, resolved once: URLs, keys from the environment, fixtures, budget. */
import { httpUrl, integerIn, jsonPointer, requireApiKey } from "../../option-values.js";
import { Transport } from "../../transport/send.js";
import type { TargetFixtures } from "../../vocabulary/target-fixtures.js";
import { discoverFixtures } from "../discover.js";
import { loadFixtures } from "../fixtures.js";
import { toWireRequest } from "../wire-request.js";
import { DEFAULT_COMPARE_IGNORE } from "./classify.js";
import type { ResolvedCompareOptions } from "./run-compare.js";

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
  seed?: number;
  runs?: number;
  ignore?: string[];
  maxCalls?: number;
  timeoutMs?: number;
  allowCredits?: boolean;
}

/** Defaults of `compare`. */
export const COMPARE_DEFAULTS = { runs: 10, maxCalls: 2000, timeoutMs: 10_000 } as const;

/**
 * Ids from the base's own data when no fixtures file is given: the run's discovery (`discoverFixtures`: resolve
 * queries, then batch reads that rank the orgs and find sub-units, financial history and influencer ids), sent
 * to the base with its key, outside the comparison's call budget.
 */
async function discover(
  baseUrl: string,
  apiKey: string,
  timeoutMs: number,
  seed: number,
): Promise<TargetFixtures> {
  const transport = new Transport({ timeoutMs, maxBodyBytes: 4 * 2 ** 20 });
  try {
    return await discoverFixtures(
      { send: (request) => transport.send(toWireRequest(request, baseUrl, apiKey)) },
      seed,
    );
  } finally {
    await transport.close();
  }
}

/** Validates and defaults the options; reads keys from `env` and fixtures from the file or the base. */
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
  const fixtures = input.fixtures
    ? await loadFixtures(input.fixtures)
    : await discover(baseUrl, apiKey, timeoutMs, seed);
  return {
    baseUrl,
    candidateUrl,
    apiKey,
    candidateApiKey,
    keyEnv: { base: baseEnv, candidate: candidateEnv },
    fixtures,
    seed,
    runs: integerIn(input.runs ?? COMPARE_DEFAULTS.runs, "--runs"),
    ignore,
    maxCalls: integerIn(input.maxCalls ?? COMPARE_DEFAULTS.maxCalls, "--max-calls"),
    timeoutMs,
    allowCredits: input.allowCredits ?? false,
  };
}
