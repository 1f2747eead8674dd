/**
 * Options of `cbcheck load`: one user-facing type (all optional, as the CLI gives them), resolved once
 * by `resolveLoadOptions` into a fully defaulted, validated object. The only place that validates them:
 * a bad value is a HarnessError (exit 2).
 */
import { HarnessError } from "../errors.js";
import { isLoopbackUrl } from "../runner/index.js";
import type { EmbeddedMode } from "./embedded-target.js";
import { builtInProfileNames, loadProfile } from "./load-profile-file.js";
import type { LoadProfile } from "./profile.js";

/** Defaults, in one place (also shown by `--help`). */
export const LOAD_DEFAULTS = {
  apiKeyEnv: "CB_API_KEY",
  maxCalls: 100_000,
  maxSeconds: 900,
  validators: 1,
} as const;

/** What the user may set; numbers may come as CLI strings. */
export interface LoadOptions {
  baseUrl?: string;
  apiKeyEnv?: string;
  env?: Record<string, string | undefined>;
  profiles?: string[];
  allowRemoteLoad?: boolean;
  reportDir?: string;
  fixtures?: string;
  durationSeconds?: number | string;
  sampleRate?: number | string;
  maxCalls?: number | string;
  maxSeconds?: number | string;
  validators?: number | string;
  embeddedMode?: EmbeddedMode;
  /** Test-only: a seeded bug of the embedded server. */
  mutation?: string;
}

/** Options after defaults and validation. */
export interface ResolvedLoadOptions {
  target: { kind: "embedded" } | { kind: "url"; baseUrl: string; isLoopback: boolean; apiKey: string };
  profiles: LoadProfile[];
  reportDir: string;
  fixtures?: string;
  durationSeconds?: number;
  sampleRate?: number;
  maxCalls: number;
  maxSeconds: number;
  validators: number;
  embeddedMode: EmbeddedMode;
  mutation?: string;
}

function num(value: number | string | undefined, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n) || n < min || n > max) {
    throw new HarnessError("CB_USAGE", `${flag} must be a number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** Resolves and validates; throws HarnessError on bad input (remote target without consent included). */
export function resolveLoadOptions(input: LoadOptions, now: Date = new Date()): ResolvedLoadOptions {
  const names = input.profiles && input.profiles.length > 0 ? input.profiles : builtInProfileNames();
  const profiles = names.map(loadProfile);
  let target: ResolvedLoadOptions["target"] = { kind: "embedded" };
  if (input.baseUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(input.baseUrl);
    } catch {
      throw new HarnessError("CB_USAGE", `--base-url is not a URL: "${input.baseUrl}"`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new HarnessError("CB_USAGE", `--base-url must be http(s), got "${url.protocol}"`);
    }
    const isLoopback = isLoopbackUrl(input.baseUrl);
    if (!isLoopback && !input.allowRemoteLoad) {
      throw new HarnessError(
        "CB_REMOTE_LOAD",
        `refusing to load ${url.host}: it is not a loopback address; add --allow-remote-load if you own it and mean to load it`,
      );
    }
    const envName = input.apiKeyEnv ?? LOAD_DEFAULTS.apiKeyEnv;
    const apiKey = (input.env ?? process.env)[envName];
    if (!apiKey) throw new HarnessError("CB_NO_KEY", `no API key: set the environment variable ${envName}`);
    target = { kind: "url", baseUrl: input.baseUrl.replace(/\/$/, ""), isLoopback, apiKey };
  }
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return {
    target,
    profiles,
    reportDir: input.reportDir ?? `reports/load-${stamp}`,
    fixtures: input.fixtures,
    durationSeconds: num(input.durationSeconds, "--duration", 0.1, 3600),
    sampleRate: num(input.sampleRate, "--sample-rate", 0.0001, 1),
    maxCalls: Math.floor(num(input.maxCalls, "--max-calls", 1, 1e9) ?? LOAD_DEFAULTS.maxCalls),
    maxSeconds: num(input.maxSeconds, "--max-seconds", 1, 86_400) ?? LOAD_DEFAULTS.maxSeconds,
    validators: Math.floor(num(input.validators, "--validators", 1, 16) ?? LOAD_DEFAULTS.validators),
    embeddedMode: input.embeddedMode ?? "child",
    mutation: input.mutation,
  };
}
