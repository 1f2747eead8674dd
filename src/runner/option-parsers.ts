/**
 * Parsers of the values only `cbcheck run` takes (rate, shard, suites, concurrency); each throws
 * HarnessError `CB_USAGE` with the flag's name. The parsers every command shares are in `option-values.ts`.
 */
import { HarnessError } from "../errors.js";
import { integerIn } from "../option-values.js";
import type { Shard } from "./shard.js";

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

/** Most requests `--concurrency` may keep in flight: past this, a 2-core client gains nothing more. */
const MAX_CONCURRENCY = 16;

/** `--concurrency`: an integer 1..MAX_CONCURRENCY. */
export function parseConcurrency(value: number | string): number {
  return integerIn(value, "--concurrency", 1, MAX_CONCURRENCY);
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
