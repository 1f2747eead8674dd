/** Options of `cbcheck compare`, resolved once: URLs, keys from the environment, fixtures, budget. */
import { HarnessError } from "../../errors.js";
import { httpUrl, integerIn, requireApiKey } from "../../option-values.js";
import { Transport } from "../../transport/send.js";
import { normaliseFixtures, type TargetFixtures } from "../../vocabulary/target-fixtures.js";
import { loadFixtures } from "../fixtures.js";
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

/** A few ids from the base's own `/resolve`, when no fixtures file is given. */
async function discover(baseUrl: string, apiKey: string, timeoutMs: number): Promise<TargetFixtures> {
  const transport = new Transport({ timeoutMs, maxBodyBytes: 4 * 2 ** 20 });
  const ids = new Set<string>();
  const queries: string[] = [];
  try {
    // The short queries of run's discovery: likely to match names on any company graph.
    const asks = ["as", "a", "e", "holding", "1", "o", "n"].map((query) => ({ query, limit: "50" }));
    for (const ask of asks) {
      const ex = await transport.send({
        operation: "resolve",
        method: "GET",
        baseUrl,
        path: "/resolve",
        query: ask,
        apiKey,
      });
      const data = (ex.response?.json as { data?: { id?: unknown }[] } | undefined)?.data;
      if (!Array.isArray(data) || data.length === 0) continue;
      if (!queries.includes(ask.query)) queries.push(ask.query);
      for (const c of data) if (typeof c?.id === "string") ids.add(c.id);
      if ([...ids].filter((id) => id.startsWith("cb:org:")).length >= 20) break;
    }
  } finally {
    await transport.close();
  }
  if (ids.size === 0)
    throw new HarnessError(
      "CB_FIXTURES",
      "no node id found through the base's /resolve; pass --fixtures FILE",
    );
  // Organisations lead: generators and examples take the first ids.
  const all = [...ids].sort((a, b) => Number(!a.startsWith("cb:org:")) - Number(!b.startsWith("cb:org:")));
  return normaliseFixtures({
    known_ids: all,
    org_ids: all.filter((id) => /^cb:org:\d{9}$/.test(id)),
    resolve_queries: queries,
  });
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
  const fixtures = input.fixtures
    ? await loadFixtures(input.fixtures)
    : await discover(baseUrl, apiKey, timeoutMs);
  return {
    baseUrl,
    candidateUrl,
    apiKey,
    candidateApiKey,
    keyEnv: { base: baseEnv, candidate: candidateEnv },
    fixtures,
    seed: input.seed ?? Math.floor(Math.random() * 2 ** 31),
    runs: integerIn(input.runs ?? COMPARE_DEFAULTS.runs, "--runs"),
    ignore: input.ignore && input.ignore.length > 0 ? [...input.ignore] : [...DEFAULT_COMPARE_IGNORE],
    maxCalls: integerIn(input.maxCalls ?? COMPARE_DEFAULTS.maxCalls, "--max-calls"),
    timeoutMs,
    allowCredits: input.allowCredits ?? false,
  };
}
