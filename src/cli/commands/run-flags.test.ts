/**
 * `cbcheck run`'s flags parse the CLI's text into `RunOptions` while commander parses (one-line usage errors
 * naming the flag), and the resolver takes what they give.
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { resolveRunOptions } from "../../runner/options.js";
import { addFlags, readFlags } from "../flag-table.js";
import { RUN_FLAGS } from "./run-flags.js";

/** The options `cbcheck run ARGS` resolves to (no environment: the embedded target). */
function resolveArgs(...args: string[]) {
  const command = addFlags(new Command("run").exitOverride(), RUN_FLAGS).action(() => {});
  command.parse(args, { from: "user" });
  return resolveRunOptions(readFlags(command, RUN_FLAGS));
}

/** A HarnessError `CB_USAGE` whose message matches `pattern`. */
const usage = (pattern: RegExp) =>
  expect.objectContaining({
    name: "HarnessError",
    code: "CB_USAGE",
    message: expect.stringMatching(pattern),
  });

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
    expect([o.runs, o.maxCalls, o.timeoutMs, o.deadlineS, o.concurrency]).toEqual([
      40,
      undefined,
      10_000,
      600,
      1,
    ]);
    expect(o.runsGiven).toBe(false);
    expect(o.altIgnore).toEqual(["/a", "/b", "/c"]);
  });

  it("refuses bad values while parsing, with one-line usage errors", () => {
    expect(() => resolveArgs("--runs", "0")).toThrow(usage(/--runs/));
    expect(() => resolveArgs("--max-calls", "many")).toThrow(usage(/--max-calls/));
    expect(() => resolveArgs("--seed", "-1")).toThrow(usage(/--seed/));
    for (const bad of ["0", "17", "2.5", "two"]) {
      expect(() => resolveArgs("--concurrency", bad)).toThrow(usage(/--concurrency .* 1 to 16/));
    }
    expect(resolveArgs("--concurrency", "16").concurrency).toBe(16);
    expect(() => resolveArgs("--max-failures", "0")).toThrow(usage(/--max-failures must be an integer >= 1/));
    expect(resolveArgs("--max-failures", "2").maxFailures).toBe(2);
    expect(resolveArgs().maxFailures).toBeUndefined();
  });
});
