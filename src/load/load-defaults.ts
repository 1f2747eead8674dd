/**
 * The defaults and numeric ranges of `cbcheck load`'s options: what its flags and `--help` show, apart from the
 * resolver (load-options.ts), so that registering the command does not load the load engine.
 */
import { numberIn } from "../option-values.js";

/** Defaults, in one place (also shown by `--help`). */
export const LOAD_DEFAULTS = {
  apiKeyEnv: "CB_API_KEY",
  maxCalls: 100_000,
  maxSeconds: 900,
  validators: 1,
  /** The contract's limit on Plus (Limits: 120 calls per minute). */
  expectRateLimit: "120/60",
} as const;

/** The range of each numeric option, shared with the CLI's flag parsers. */
export const LOAD_RANGES = {
  durationSeconds: { flag: "--duration", min: 0.1, max: 3600 },
  sampleRate: { flag: "--sample-rate", min: 0.0001, max: 1 },
  maxCalls: { flag: "--max-calls", min: 1, max: 1e9 },
  maxSeconds: { flag: "--max-seconds", min: 1, max: 86_400 },
  validators: { flag: "--validators", min: 1, max: 16 },
} as const;

/** Parses a numeric option of `load` (a number, or the CLI's text) within its range. */
export function loadNumber(key: keyof typeof LOAD_RANGES, value: number | string): number {
  const { flag, min, max } = LOAD_RANGES[key];
  return numberIn(value, flag, min, max);
}
