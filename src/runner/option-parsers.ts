/**
 * Parsers of single option values; each throws HarnessError `CB_USAGE` with the flag's name.
 */
import { HarnessError } from "../errors.js";
import type { Shard } from "./shard.js";

/** An integer ≥ `min` (default 1) from a number or a decimal string. */
export function positiveInt(value: number | string, flag: string, min = 1): number {
  const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min) {
    throw new HarnessError("CB_USAGE", `${flag} must be an integer >= ${min}, got "${value}"`);
  }
  return n;
}

/** `CALLS/SECONDS`, e.g. `120/60`. */
export function parseRate(text: string): { calls: number; seconds: number } {
  const match = /^\s*(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match || Number(match[1]) < 1 || Number(match[2]) <= 0) {
    throw new HarnessError(
      "CB_USAGE",
      `--expect-rate-limit must be CALLS/SECONDS like 120/60, got "${text}"`,
    );
  }
  return { calls: Number(match[1]), seconds: Number(match[2]) };
}

/** `I/N` with 1 <= I <= N. */
export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new HarnessError("CB_USAGE", `--shard must be I/N with 1 <= I <= N, got "${text}"`);
  }
  return { index, count };
}

/** An absolute http(s) URL, without a trailing slash. */
export function requireUrl(text: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HarnessError("CB_USAGE", `${flag} is not a URL: "${text}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new HarnessError("CB_USAGE", `${flag} must be an http or https URL, got "${text}"`);
  }
  if (url.search || url.hash)
    throw new HarnessError("CB_USAGE", `${flag} must not carry a query or fragment`);
  return url.toString().replace(/\/+$/, "");
}

/** Most requests `--concurrency` may keep in flight: past this, a 2-core client gains nothing more. */
const MAX_CONCURRENCY = 16;

/** `--concurrency`: an integer 1..MAX_CONCURRENCY. */
export function parseConcurrency(value: number | string): number {
  const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_CONCURRENCY) {
    throw new HarnessError(
      "CB_USAGE",
      `--concurrency must be an integer from 1 to ${MAX_CONCURRENCY}, got "${value}"`,
    );
  }
  return n;
}

/** `--suite` values (repeatable, comma-separated) checked against `known`, returned in `known` order. */
export function parseSuites<T extends string>(names: string[] | undefined, known: readonly T[]): T[] {
  if (!names || names.length === 0) return [...known];
  const wanted = names.flatMap((n) => n.split(",")).map((n) => n.trim());
  for (const name of wanted) {
    if (!known.includes(name as T)) {
      throw new HarnessError("CB_USAGE", `unknown suite "${name}" (known: ${known.join(", ")})`);
    }
  }
  return known.filter((s) => wanted.includes(s));
}

/** An environment variable name (`--api-key-env`, `--free-api-key-env`). */
export function envName(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new HarnessError("CB_USAGE", `"${name}" is not an environment variable name`);
  }
  return name;
}

/** The value of an environment variable; empty counts as unset. */
export function envValue(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === "" ? undefined : value;
}
