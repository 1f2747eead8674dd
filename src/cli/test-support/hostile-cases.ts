/**
 * The file half of the hostile matrix: each case is one CLI call that no target case covers — a special or
 * huge file, an unwritable report folder, credentials in a URL, a call cap, a body slow to judge given to
 * `validate`, a target that adds deep JSON to the reference server's answers — with the exit code it must end
 * with. Shared by `src/cli/hostile-matrix.test.ts` (in-process: exit code, no false PASS, the case's own
 * promise) and `bench/hostile.ts` (real processes: wall time, memory). The target cases, which every command
 * meets, are in hostile-target-cases.ts.
 */
import { execFileSync } from "node:child_process";
import { existsSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { manyKeysBody } from "../../checks/judge-thread/test-support/bodies.js";
import { startServer } from "../../server/index.js";
import { shellExit } from "./hostile-outcome.js";
import { ECHOED_KEY, SLOW_DEADLINE_S } from "./hostile-target-cases.js";
import { manyKeysEnvelope, SLOW_KEYS, startDeepWarningsProxy } from "./hostile-targets.js";
import type { CliCall, CliOutcome } from "./run-cli-case.js";

/** One prepared case: the CLI call, where its reports go, and what else it must prove. */
export interface PreparedCase extends CliCall {
  reportDir?: string;
  /** Problems with the outcome beyond exit code and false PASS (empty: fine). */
  verify?: (outcome: CliOutcome, reports: Record<string, string>) => string[];
  cleanup?: () => Promise<void>;
}

/** A case of the matrix. */
export interface HostileCase {
  name: string;
  /** The issue item it proves (issue 14's §1 deep JSON … §6 give up, issue 26's findings). */
  item: string;
  /** Exit codes it may end with (a signal counts as 128 + its number). */
  exits: number[];
  prepare(dir: string): Promise<PreparedCase>;
}

function reportDir(dir: string, name: string): string {
  return join(dir, `reports-${name}`);
}

/** A file case: the CLI must refuse at once with exit 2 and a one-line message. */
function refuses(args: (dir: string) => string[], message: RegExp): HostileCase["prepare"] {
  return async (dir) => ({
    args: args(dir),
    env: { CB_API_KEY: ECHOED_KEY },
    limitMs: 60_000,
    verify: (outcome) =>
      message.test(outcome.stderr) ? [] : [`stderr does not say ${message}: ${outcome.stderr.slice(0, 300)}`],
  });
}

function fifo(dir: string): string {
  const path = join(dir, "fifo.json");
  if (!existsSync(path)) execFileSync("mkfifo", [path]);
  return path;
}

function sparse(dir: string): string {
  const path = join(dir, "sparse.json");
  if (!existsSync(path)) {
    writeFileSync(path, "");
    truncateSync(path, 64 * 1024 ** 3);
  }
  return path;
}

function validBody(dir: string): string {
  const path = join(dir, "body.json");
  writeFileSync(path, "{}");
  return path;
}

/** 40,000 invalid candidates: quadratic validation took 20 s on this size. */
function wideFile(dir: string): string {
  const path = join(dir, "wide.json");
  if (!existsSync(path)) {
    const items = Array.from({ length: 40_000 }, () => "{}").join(",");
    writeFileSync(path, `{"contract":"cb/v1","data":[${items}]}`);
  }
  return path;
}

/** The slow-to-judge body as a file. */
function slowFile(dir: string): string {
  const path = join(dir, "slow.json");
  if (!existsSync(path)) writeFileSync(path, manyKeysBody(SLOW_KEYS));
  return path;
}

/** Wall time within the deadline and a generous margin (start-up, a loaded machine). */
function withinDeadline(outcome: CliOutcome): string[] {
  const limitMs = (SLOW_DEADLINE_S + 14) * 1000;
  return outcome.wallMs < limitMs ? [] : [`took ${outcome.wallMs} ms, past ${limitMs} ms`];
}

/** A 15 MiB document whose `data` holds 1.7 million members: counted, not parsed (a V8 abort before). */
function manyKeysFile(dir: string): string {
  const path = join(dir, "many-keys.json");
  if (!existsSync(path)) writeFileSync(path, manyKeysEnvelope());
  return path;
}

/** Every case of the matrix, in the order the benchmark prints them. */
export const HOSTILE_CASES: HostileCase[] = [
  {
    name: "base-url-credentials",
    item: "§3",
    exits: [2],
    prepare: async (dir) => ({
      args: [
        "run",
        "--base-url",
        "http://user:pw-s3cr3t@127.0.0.1:9/v1",
        "--report-dir",
        reportDir(dir, "cred"),
      ],
      env: { CB_API_KEY: ECHOED_KEY },
      verify: (o) =>
        (o.stdout + o.stderr).includes("pw-s3cr3t") || !/CB_API_KEY/.test(o.stderr)
          ? [`credentials echoed or no pointer to the env var: ${o.stderr}`]
          : [],
    }),
  },
  {
    name: "deep-warnings-proxy",
    item: "§1",
    exits: [1],
    prepare: async (dir) => {
      const server = await startServer({ rateLimit: 1000, rateWindowMs: 1000 });
      const proxy = await startDeepWarningsProxy(server.url);
      const out = reportDir(dir, "deep-warnings");
      return {
        args: [
          "run",
          "--base-url",
          proxy.baseUrl,
          "--suite",
          "http",
          "--suite",
          "schema",
          "--runs",
          "2",
          "--report-dir",
          out,
        ],
        env: { CB_API_KEY: server.keys.plus },
        reportDir: out,
        cleanup: async () => {
          await proxy.close();
          await server.close();
        },
      };
    },
  },
  {
    name: "validate-slow-to-judge",
    item: "§2",
    exits: [1, 2],
    prepare: async (dir) => ({
      // Judging this body takes about 1 s in a warm process on a quiet machine (0.5 s of it parsing), the
      // shortest deadline validate takes: a busy machine cuts it ("did not finish", exit 2), a quiet one may
      // finish it in time (its violations, exit 1). Either way within the deadline, and never a verdict the
      // exit code denies.
      args: ["validate", "--as", "resolve", "--deadline-s", "1", slowFile(dir)],
      verify: (outcome) => [
        ...(shellExit(outcome) === 2
          ? /did not finish .*no verdict \[CB_STOPPED\]/.test(outcome.stderr)
            ? []
            : [`exit 2, but stderr does not say judging did not finish: ${outcome.stderr.slice(0, 300)}`]
          : /\d+ violation\(s\)/.test(outcome.stdout + outcome.stderr)
            ? []
            : [`exit 1 without the body's violations: ${outcome.stdout.slice(0, 300)}`]),
        ...withinDeadline(outcome),
      ],
    }),
  },
  {
    name: "validate-wide-40k",
    item: "§2",
    exits: [1],
    prepare: async (dir) => ({ args: ["validate", "--as", "resolve", wideFile(dir)] }),
  },
  {
    name: "validate-many-keys-15MiB",
    item: "issue 26 §5",
    exits: [1],
    prepare: async (dir) => ({
      args: ["validate", "--as", "resolve", manyKeysFile(dir)],
      verify: (outcome) =>
        /more than 500000 object members \(not parsed\)/.test(outcome.stdout)
          ? []
          : [`stdout does not say the document was counted: ${outcome.stdout.slice(0, 300)}`],
    }),
  },
  {
    name: "max-calls-stop",
    item: "§5",
    exits: [2],
    prepare: async (dir) => ({
      args: ["run", "--max-calls", "3", "--report-dir", reportDir(dir, "max-calls")],
    }),
  },
  {
    name: "load-profile-dev-zero",
    item: "§4",
    exits: [2],
    prepare: refuses(() => ["load", "--profile", "/dev/zero"], /character device.*CB_FILE_UNREADABLE/),
  },
  {
    name: "load-profile-fifo",
    item: "§4",
    exits: [2],
    prepare: refuses((d) => ["load", "--profile", fifo(d)], /FIFO.*CB_FILE_UNREADABLE/),
  },
  {
    name: "load-merge-dev-zero",
    item: "§4",
    exits: [2],
    prepare: refuses(
      (d) => ["load", "--merge", "/dev/zero", "--report-dir", reportDir(d, "merge")],
      /character device.*CB_FILE_UNREADABLE/,
    ),
  },
  {
    name: "run-fixtures-sparse-64GiB",
    item: "§4",
    exits: [2],
    prepare: refuses(
      (d) => [
        "run",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--fixtures",
        sparse(d),
        "--report-dir",
        reportDir(d, "f"),
      ],
      /CB_INPUT_TOO_LARGE/,
    ),
  },
  {
    name: "run-fixtures-directory",
    item: "§4",
    exits: [2],
    prepare: refuses(
      (d) => [
        "run",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--fixtures",
        d,
        "--report-dir",
        reportDir(d, "g"),
      ],
      /is a directory.*CB_FILE_UNREADABLE/,
    ),
  },
  {
    name: "validate-request-dev-zero",
    item: "§4",
    exits: [2],
    prepare: refuses(
      (d) => ["validate", "--as", "resolve", "--request", "@/dev/zero", validBody(d)],
      /character device.*CB_FILE_UNREADABLE/,
    ),
  },
  {
    name: "validate-sparse-64GiB",
    item: "§4",
    exits: [2],
    prepare: refuses((d) => ["validate", "--as", "resolve", sparse(d)], /CB_INPUT_TOO_LARGE/),
  },
  {
    name: "run-report-dir-proc",
    item: "§4",
    exits: [2],
    prepare: refuses(
      () => ["run", "--report-dir", "/proc/nope"],
      /cannot write reports to \/proc\/nope.*CB_OUTPUT_UNWRITABLE/,
    ),
  },
  {
    name: "load-report-dir-proc",
    item: "§4",
    exits: [2],
    prepare: refuses(() => ["load", "--report-dir", "/proc/nope/x"], /CB_OUTPUT_UNWRITABLE/),
  },
];
