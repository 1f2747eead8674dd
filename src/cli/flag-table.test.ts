/**
 * Every command's flags are typed from its options type: at compile time (a table missing an option, or a
 * flag whose parser yields another type, does not compile) and at run time (the flags commander registers
 * for each command are exactly those of its table, and parse into the option types).
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type { CertifyOptions } from "../certify/options.js";
import type { ValidateOptions } from "../checks/validate/options.js";
import type { LoadOptions } from "../load/load-options.js";
import type { MergeOptions } from "../load/merge-load.js";
import type { OpenApiOptions } from "../openapi/document.js";
import type { RunOptions } from "../runner/options.js";
import type { ServerOptions } from "../server/types.js";
import { CERTIFY_FLAGS } from "./commands/certify-client-flags.js";
import { COMPARE_FLAGS } from "./commands/compare-flags.js";
import { LOAD_FLAGS } from "./commands/load-flags.js";
import { MERGE_FLAGS } from "./commands/merge-flags.js";
import { MONITOR_FLAGS } from "./commands/monitor-flags.js";
import { OPENAPI_FLAGS, type OpenApiOutputOptions } from "./commands/openapi-flags.js";
import { PROXY_FLAGS } from "./commands/proxy-flags.js";
import { REPLAY_FLAGS } from "./commands/replay-flags.js";
import { RUN_FLAGS } from "./commands/run-flags.js";
import { SERVE_FLAGS } from "./commands/serve-flags.js";
import { VALIDATE_FLAGS, type ValidateOutputOptions } from "./commands/validate-flags.js";
import { type FlagTable, flagsOf, readFlags } from "./flag-table.js";
import { buildProgram } from "./program.js";
import type { ProgressOutputOptions } from "./quiet-flag.js";
import type { ReportFormatOptions } from "./report-formats-flag.js";
import type { HandoffOptions } from "./serve-handoff.js";

/** A flag table of any options type (the typed tables are checked above, at compile time). */
type AnyTable = FlagTable<Record<string, unknown>>;

/** Each command of the program, its flag table, and a command line that sets every flag. */
const COMMANDS = [
  {
    name: "run",
    table: RUN_FLAGS as unknown as AnyTable,
    args: [
      ...["--base-url", "http://127.0.0.1:1/v1", "--alt-base-url", "http://127.0.0.1:1/api/v1"],
      ...["--api-key-env", "K", "--free-api-key-env", "F", "--fixtures", "f.json", "--suite", "http"],
      ...["--header", "X-Tenant: acme", "--formats", "junit,md"],
      ...["--seed", "3", "--runs", "4", "--concurrency", "2", "--max-calls", "50", "--max-failures", "3"],
      ...["--expect-rate-limit", "10/2", "--allow-load", "--allow-credits", "--report-dir", "d"],
      ...["--fail-on-unexercised", "--min-exercised", "2", "--strict"],
      ...["--shard", "1/2", "--timeout-ms", "100", "--deadline-s", "9", "--har", "r.har"],
      ...["--max-credits", "7", "--team-api-key-env", "T", "--revoked-api-key-env", "R"],
      ...["--no-credits-api-key-env", "N", "--allow-inconclusive", "--quiet", "--max-pairwise", "3"],
      ...["--alt-ignore", "/a", "/b"],
      "--embedded-child",
    ],
  },
  {
    name: "load",
    table: LOAD_FLAGS as unknown as AnyTable,
    args: [
      ...["--base-url", "http://127.0.0.1:1/v1", "--api-key-env", "K", "--profile", "latency"],
      ...["--allow-remote-load", "--report-dir", "d", "--fixtures", "f.json", "--duration", "1.5"],
      ...["--sample-rate", "0.5", "--max-calls", "10", "--max-seconds", "20", "--validators", "2"],
      ...["--har", "l.har", "--merge", "a.json", "b.json", "--in-process", "--mutation", "slow-responses"],
      ...["--expect-rate-limit", "600/5", "--allow-inconclusive", "--quiet", "--formats", "json"],
      ...["--segment", "2/4", "--seed", "7", "--start-at", "2026-01-01T00:00:00Z", "--start-after", "5"],
    ],
  },
  {
    name: "compare",
    table: COMPARE_FLAGS as unknown as AnyTable,
    args: [
      ...[
        "--base-url",
        "http://127.0.0.1:1/v1",
        "--candidate-url",
        "http://127.0.0.1:2/v1",
        "--api-key-env",
        "K",
      ],
      ...[
        "--candidate-api-key-env",
        "C",
        "--header",
        "X-Tenant: acme",
        "--quiet",
        "--formats",
        "html",
        "--fixtures",
        "f.json",
        "--seed",
        "1",
        "--runs",
        "2",
        "--ignore",
        "/a",
        "--operation",
        "me",
      ],
      ...["--max-calls", "10", "--timeout-ms", "100", "--allow-credits", "--report-dir", "d"],
    ],
  },
  {
    name: "proxy",
    table: PROXY_FLAGS as unknown as AnyTable,
    args: [
      ...["--target", "http://127.0.0.1:1/v1", "--listen", "127.0.0.1:0", "--max-exchanges", "3"],
      ...["--timeout-ms", "100", "--max-body-bytes", "1000", "--report-dir", "d"],
      ...["--seed", "7", "--metrics-port", "0", "--metrics-host", "0.0.0.0", "--quiet"],
      ...["--formats", "junit"],
    ],
  },
  {
    name: "monitor",
    table: MONITOR_FLAGS as unknown as AnyTable,
    args: [
      ...["--base-url", "http://127.0.0.1:1/v1", "--alt-base-url", "http://127.0.0.1:1/api/v1"],
      ...["--api-key-env", "K", "--free-api-key-env", "F", "--fixtures", "f.json", "--suite", "http"],
      ...["--runs", "3", "--seed", "4", "--cycle", "30m", "--max-calls-per-hour", "60"],
      ...["--max-credits-per-day", "5", "--quota-stop-at", "0.8", "--confirm", "3", "--state", "s.json"],
      ...["--report-dir", "d", "--webhook", "http://127.0.0.1:2/hook", "--once", "--timeout-ms", "100"],
      ...["--metrics-port", "0", "--metrics-host", "0.0.0.0"],
    ],
  },
  {
    name: "merge",
    table: MERGE_FLAGS as unknown as AnyTable,
    args: ["shard-1", "shard-2", "--report-dir", "d", "--fail-on-unexercised", "--min-exercised", "3"].concat(
      ["--formats", "md,html"],
    ),
  },
  {
    name: "replay",
    table: REPLAY_FLAGS as unknown as AnyTable,
    args: [
      "report.json",
      "--check",
      "x.y",
      "--index",
      "2",
      "--api-key-env",
      "K",
      "--timeout-ms",
      "100",
      "--base-url",
      "http://127.0.0.1:1/v1",
      "--alt-base-url",
      "http://127.0.0.1:1/api/v1",
      "--header",
      "X-Api-Key: k",
    ],
  },
  {
    name: "certify-client",
    table: CERTIFY_FLAGS as unknown as AnyTable,
    args: [
      "--scenario",
      "happy",
      "--level",
      "required",
      "--report-dir",
      "d",
      "--timeout-s",
      "5",
      "--quiet",
    ].concat(["--formats", "json"]),
  },
  {
    name: "validate",
    table: VALIDATE_FLAGS as unknown as AnyTable,
    args: [
      ...["--as", "entities", "--request", "{}", "--operation", "entity-batch", "--path", "/me"],
      ...["--status", "200", "--json"],
    ],
  },
  {
    name: "serve",
    table: SERVE_FLAGS as unknown as AnyTable,
    args: [
      ...["--host", "127.0.0.1", "--port", "0", "--seed", "2", "--orgs", "10", "--rate-limit", "5"],
      ...["--rate-window-ms", "1000", "--latency-ms", "1", "--mutation", "slow-responses", "--json"],
      ...[
        "--keys-file",
        "k.env",
        "--fixtures-out",
        "f.json",
        "--credits",
        "100",
        "--as-of",
        "2026-06-01T00:00:00Z",
      ],
      ...["--calls-per-day", "50", "--records-per-day", "500"],
    ],
  },
  {
    name: "openapi",
    table: OPENAPI_FLAGS as unknown as AnyTable,
    args: ["--output", "o.json", "--base-url", "http://h/v1", "--alt-base-url", "http://h/api/v1"],
  },
] as const;

describe("flag tables (compile time)", () => {
  it("type every command's flags from its options type", () => {
    expectTypeOf(RUN_FLAGS).toEqualTypeOf<
      FlagTable<RunOptions & ProgressOutputOptions & ReportFormatOptions>
    >();
    expectTypeOf(LOAD_FLAGS).toEqualTypeOf<
      FlagTable<LoadOptions & MergeOptions & ProgressOutputOptions & ReportFormatOptions>
    >();
    expectTypeOf(CERTIFY_FLAGS).toEqualTypeOf<
      FlagTable<CertifyOptions & ProgressOutputOptions & ReportFormatOptions>
    >();
    expectTypeOf(VALIDATE_FLAGS).toEqualTypeOf<FlagTable<ValidateOptions & ValidateOutputOptions>>();
    expectTypeOf(SERVE_FLAGS).toEqualTypeOf<FlagTable<ServerOptions & HandoffOptions>>();
    expectTypeOf(OPENAPI_FLAGS).toEqualTypeOf<FlagTable<OpenApiOptions & OpenApiOutputOptions>>();
    expectTypeOf<keyof typeof RUN_FLAGS>().toEqualTypeOf<keyof RunOptions | "quiet" | "formats">();
    expectTypeOf(readFlags<RunOptions>).returns.toEqualTypeOf<Partial<RunOptions>>();
  });

  it("refuse an option without a CLI decision, and a flag that does not yield its option's type", () => {
    interface Options {
      name?: string;
      count?: number;
      isOn?: boolean;
    }
    // @ts-expect-error: `count` and `isOn` have no decision.
    const missing: FlagTable<Options> = { name: { flags: "--name <n>", description: "" } };
    const wrongType: FlagTable<Options> = {
      name: { flags: "--name <n>", description: "" },
      // @ts-expect-error: the parser yields a string where the option is a number.
      count: { flags: "--count <n>", description: "", parse: (text: string) => text },
      isOn: { flags: "--is-on", description: "" },
    };
    const unparsed: FlagTable<Options> = {
      name: { flags: "--name <n>", description: "" },
      // @ts-expect-error: a number option needs a parser (commander gives text).
      count: { flags: "--count <n>", description: "" },
      isOn: { notAFlag: "set by code" },
    };
    expect([missing, wrongType, unparsed]).toHaveLength(3);
  });
});

describe("flag tables (run time)", () => {
  it("cover every command of the program", () => {
    expect(
      buildProgram()
        .commands.map((c) => c.name())
        .sort(),
    ).toEqual(COMMANDS.map((c) => c.name).sort());
  });

  it.each(COMMANDS)("$name registers exactly the flags of its table", ({ name, table }) => {
    const command = buildProgram().commands.find((c) => c.name() === name);
    expect(command, name).toBeDefined();
    const registered = command!.options.map((o) => o.flags).sort();
    expect(registered).toEqual(
      flagsOf(table)
        .map(([, flag]) => flag.flags)
        .sort(),
    );
  });

  it.each(COMMANDS)("$name parses every flag into its option, typed", async ({ name, table, args }) => {
    const program = buildProgram();
    const command = program.commands.find((c) => c.name() === name)!;
    command.action(() => {});
    await program.parseAsync(["node", "cbcheck", name, ...args]);
    const options = readFlags(command, table) as Record<string, unknown>;
    for (const [key, flag] of flagsOf(table)) {
      expect(options[key], `${name} ${flag.flags}`).toBeDefined();
      const expected = flag.parse || flag.preset !== undefined ? undefined : flag.flags.includes("<");
      // Without a parser or preset, a flag gives text (with an argument) or `true` (a switch).
      if (expected !== undefined) expect(typeof options[key]).toBe(expected ? "string" : "boolean");
    }
  });

  it("parse numbers into numbers and keep the option keys (not commander's names)", async () => {
    const program = buildProgram();
    const command = program.commands.find((c) => c.name() === "load")!;
    command.action(() => {});
    await program.parseAsync(["node", "cbcheck", "load", "--duration", "1.5", "--in-process"]);
    const options = readFlags(command, LOAD_FLAGS);
    expect(options).toMatchObject({ durationSeconds: 1.5, embeddedMode: "in-process", maxCalls: 100_000 });
  });
});
