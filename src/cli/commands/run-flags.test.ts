/**
 * `cbcheck run`'s flags parse the CLI's text into `RunOptions` while commander parses (one-line usage errors
 * naming the flag), and the resolver takes what they give.
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { HarnessError } from "../../errors.js";
import { resolveRunOptions } from "../../runner/options.js";
import { addFlags, readFlags } from "../flag-table.js";
import { RUN_FLAGS } from "./run-flags.js";

/** The options `cbcheck run ARGS` resolves to (no environment: the embedded target). */
function resolveArgs(...args: string[]) {
  const command = addFlags(new Command("run").exitOverride(), RUN_FLAGS).action(() => {});
  command.parse(args, { from: "user" });
  return resolveRunOptions(readFlags(command, RUN_FLAGS));
}

function usageError(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HarnessError);
    expect((err as HarnessError).code).toBe("CB_USAGE");
    return (err as Error).message;
  }
  throw new Error("expected a HarnessError");
}

describe("cbcheck run flags", () => {
  it("parses numbers, suites, shard and rate given as CLI strings", () => {
    const o = resolveArgs(
      ...[
        "--seed",
        "42",
        "--runs",
        "7",
        "--max-calls",
        "99",
        "--suite",
        "negative,schema",
        "--suite",
        "http",
      ],
      ...["--shard", "2/3", "--expect-rate-limit", "10/2"],
    );
    expect([o.seed, o.runs, o.maxCalls]).toEqual([42, 7, 99]);
    expect(o.suites).toEqual(["http", "schema", "negative"]);
    expect(o.shard).toEqual({ index: 2, count: 3 });
    expect(o.expectRateLimit).toEqual({ calls: 10, seconds: 2 });
  });

  it("gives the defaults of RUN_DEFAULTS and collects --alt-ignore pointers", () => {
    const o = resolveArgs("--seed", "1", "--alt-ignore", "/a", "/b", "--alt-ignore", "/c");
    expect([o.runs, o.maxCalls, o.timeoutMs, o.deadlineS, o.concurrency]).toEqual([40, 2000, 10_000, 600, 1]);
    expect(o.altIgnore).toEqual(["/a", "/b", "/c"]);
  });

  it("refuses bad values while parsing, with one-line usage errors", () => {
    expect(usageError(() => resolveArgs("--runs", "0"))).toMatch(/--runs/);
    expect(usageError(() => resolveArgs("--max-calls", "many"))).toMatch(/--max-calls/);
    expect(usageError(() => resolveArgs("--seed", "-1"))).toMatch(/--seed/);
    for (const bad of ["0", "17", "2.5", "two"]) {
      expect(usageError(() => resolveArgs("--concurrency", bad))).toMatch(/--concurrency .* 1 to 16/);
    }
    expect(resolveArgs("--concurrency", "16").concurrency).toBe(16);
  });
});
