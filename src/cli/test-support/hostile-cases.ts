/**
 * The hostile matrix: each case is one attack on the real CLI — a hostile target on port 0, a special or
 * huge file, a signal — with the exit code it must end with. Shared by `src/cli/hostile-matrix.test.ts`
 * (asserts exit code, no false PASS and the case's own promises) and `bench/hostile.ts` (wall time, memory).
 */

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { manyKeysBody } from "../../checks/judge-thread/test-support/bodies.js";
import { startServer } from "../../server/index.js";
import { secretFoundIn } from "../../test-support/expect-no-secret.js";
import { SLOW_KEYS, startDeepWarningsProxy, startHostileTarget } from "./hostile-targets.js";
import type { CliCall, CliOutcome } from "./run-cli-case.js";

/** A key with characters that every encoding changes (`+`, `/`, `=`, `&`, `"`). */
export const ECHOED_KEY = 'sk_live_Zq9+/Xy=ab&cd"ef_0123456789';

/** The key in each form a hostile target may send it back in; none may appear in any output. */
export function keyForms(key: string): Record<string, string> {
  const base64 = Buffer.from(key).toString("base64");
  return {
    raw: key,
    "url-encoded": encodeURIComponent(key),
    base64,
    "base64 (within 'Bearer …')": Buffer.from(`Bearer ${key}`).toString("base64").slice(12, 40),
    "json-escaped": JSON.stringify(key).slice(1, -1),
    "head (12 chars)": key.slice(0, 12),
    "base64 head (12 chars)": base64.slice(0, 12),
  };
}

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
  /** Issue 14's item it proves (§1 deep JSON … §6 give up). */
  item: string;
  /** Exit codes it may end with (a signal counts as 128 + its number). */
  exits: number[];
  /**
   * The branch whose fix this case needs and that has not reached main yet: the benchmark runs it and
   * reports it, the test matrix leaves it out until the fix lands (then this field is deleted).
   */
  awaits?: "exits" | "validation";
  prepare(dir: string): Promise<PreparedCase>;
}

const FIXTURES = { known_ids: ["cb:org:123456789"], org_ids: ["cb:org:123456789"] };

function fixturesFile(dir: string): string {
  const path = join(dir, "fixtures.json");
  if (!existsSync(path)) writeFileSync(path, JSON.stringify(FIXTURES));
  return path;
}

function reportDir(dir: string, name: string): string {
  return join(dir, `reports-${name}`);
}

/** A run against a hostile target of `kind`; the key is ECHOED_KEY. */
function runAgainst(
  kind: Parameters<typeof startHostileTarget>[0],
  extra: string[] | ((reportDir: string) => string[]) = [],
  verify?: PreparedCase["verify"],
): HostileCase["prepare"] {
  return async (dir) => {
    const target = await startHostileTarget(kind);
    const out = reportDir(dir, kind);
    const args = ["run", "--base-url", target.baseUrl, "--fixtures", fixturesFile(dir), "--report-dir", out];
    return {
      args: [...args, ...(typeof extra === "function" ? extra(out) : extra)],
      env: { CB_API_KEY: ECHOED_KEY },
      reportDir: out,
      verify: (outcome, reports) => [
        ...(verify?.(outcome, reports) ?? []),
        ...(kind === "redirect" && target.redirectHits() > 0 ? ["a redirect was followed"] : []),
      ],
      cleanup: () => target.close(),
    };
  };
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

/** The deadline of the slow-to-judge cases: in-process, judging that body takes about 20 s. */
const SLOW_DEADLINE_S = 6;

/** The slow-to-judge body as a file. */
function slowFile(dir: string): string {
  const path = join(dir, "slow.json");
  if (!existsSync(path)) writeFileSync(path, manyKeysBody(SLOW_KEYS));
  return path;
}

/** Wall time within the deadline and a generous margin (start-up under tsx, a loaded machine). */
function withinDeadline(outcome: CliOutcome): string[] {
  const limitMs = (SLOW_DEADLINE_S + 14) * 1000;
  return outcome.wallMs < limitMs ? [] : [`took ${outcome.wallMs} ms, past ${limitMs} ms`];
}

/** The run stopped at its deadline while judging: incomplete, with the unfinished judgement recorded. */
function judgingCut(outcome: CliOutcome, reports: Record<string, string>): string[] {
  const report = JSON.parse(reports["report.json"] ?? "{}") as {
    verdict?: string;
    results?: { id: string; status: string }[];
  };
  const row = report.results?.find((r) => r.id === "harness.judging_unfinished");
  return [
    ...(report.verdict === "incomplete" ? [] : [`report.json verdict ${report.verdict}, not incomplete`]),
    ...(row?.status === "inconclusive" ? [] : ["no inconclusive harness.judging_unfinished row"]),
    ...withinDeadline(outcome),
  ];
}

function noKeyAnywhere(outcome: CliOutcome, reports: Record<string, string>): string[] {
  const problems: string[] = [];
  const texts = { stdout: outcome.stdout, stderr: outcome.stderr, ...reports };
  // Every encoding of the shared assertion (src/test-support/expect-no-secret.ts), the forms above too.
  for (const [where, content] of Object.entries(texts)) {
    const found = secretFoundIn(content, ECHOED_KEY);
    if (found) problems.push(`the key is in ${where} (${found})`);
    for (const [form, text] of Object.entries(keyForms(ECHOED_KEY)))
      if (content.includes(text)) problems.push(`the key (${form}) is in ${where}`);
  }
  if (Object.keys(reports).length !== 5)
    problems.push(`expected 4 reports and the HAR, got ${Object.keys(reports).join(", ")}`);
  return problems;
}

/** Characters a terminal or renderer acts on (line feed and tab aside): none may reach an output. */
const ACTING =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function noActingCharacter(outcome: CliOutcome, reports: Record<string, string>): string[] {
  const texts = { stdout: outcome.stdout, stderr: outcome.stderr, ...reports };
  const problems = Object.entries(texts)
    .filter(([where, text]) => where !== "report.json" && ACTING.test(text))
    .map(([where, text]) => `${where} holds ${JSON.stringify(ACTING.exec(text)?.[0])}`);
  if (!reports["report.md"]?.includes(String.raw`\x1b]0;pwned\x07`))
    problems.push("report.md does not show the window-title sequence escaped");
  return problems;
}

/** Every case of the matrix, in the order the benchmark prints them. */
export const HOSTILE_CASES: HostileCase[] = [
  {
    name: "echo-key",
    item: "§3",
    exits: [1],
    prepare: runAgainst(
      "echo-key",
      (out) => ["--suite", "http", "--har", join(out, "run.har")],
      noKeyAnywhere,
    ),
  },
  {
    name: "escape-sequences",
    item: "issue 26 §6",
    exits: [1],
    prepare: runAgainst("escape-sequences", ["--suite", "http"], noActingCharacter),
  },
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
  { name: "deep-json", item: "§1", exits: [1], prepare: runAgainst("deep-json", ["--suite", "http"]) },
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
    name: "wide-array-14MiB",
    item: "§2",
    exits: [1],
    prepare: runAgainst("wide-array", ["--suite", "http", "--deadline-s", "20"]),
  },
  {
    name: "slow-to-judge",
    item: "§2",
    exits: [2],
    prepare: runAgainst(
      "slow-to-judge",
      ["--suite", "schema", "--deadline-s", String(SLOW_DEADLINE_S)],
      judgingCut,
    ),
  },
  {
    name: "validate-slow-to-judge",
    item: "§2",
    exits: [2],
    prepare: async (dir) => ({
      // validate judges this body faster than run (about 5 s): a deadline of 1 s cuts it on any machine, or
      // the worker's heap limit does (both: "did not finish", exit 2).
      args: ["validate", "--as", "resolve", "--deadline-s", "1", slowFile(dir)],
      verify: (outcome) => [
        ...(/did not finish .*no verdict \[CB_STOPPED\]/.test(outcome.stderr)
          ? []
          : [`stderr does not say judging did not finish: ${outcome.stderr.slice(0, 300)}`]),
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
  { name: "stall", item: "§6", exits: [1], prepare: runAgainst("stall", ["--timeout-ms", "1000"]) },
  {
    name: "all-429",
    item: "§6",
    exits: [2],
    prepare: runAgainst("all-429", ["--max-calls", "1000"]),
  },
  { name: "reset", item: "§6", exits: [1], prepare: runAgainst("reset") },
  { name: "redirect", item: "§6", exits: [1], prepare: runAgainst("redirect", ["--suite", "http"]) },
  { name: "gzip-bomb", item: "§6", exits: [1], prepare: runAgainst("gzip-bomb", ["--suite", "http"]) },
  {
    name: "max-calls-stop",
    item: "§5",
    exits: [2],
    prepare: async (dir) => ({
      args: ["run", "--max-calls", "3", "--report-dir", reportDir(dir, "max-calls")],
    }),
  },
  {
    name: "sigint-stall",
    item: "signals",
    exits: [130],
    prepare: async (dir) => ({
      ...(await runAgainst("stall", ["--timeout-ms", "60000"])(dir)),
      signal: { name: "SIGINT", afterMs: 4000 },
    }),
  },
  {
    name: "sigterm-stall",
    item: "signals",
    exits: [143],
    prepare: async (dir) => ({
      ...(await runAgainst("stall", ["--timeout-ms", "60000"])(dir)),
      signal: { name: "SIGTERM", afterMs: 4000 },
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

/** The exit code as a shell reports it (128 + signal number for a signal). */
export function shellExit(outcome: CliOutcome): number {
  const signals: Record<string, number> = { SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  if (outcome.signal) return 128 + (signals[outcome.signal] ?? 0);
  return outcome.code ?? -1;
}

/** The report files of a case (name → text); empty when none were written. */
export function readReports(dir: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!dir || !existsSync(dir)) return out;
  for (const name of ["junit.xml", "report.json", "report.md", "report.html", "run.har"]) {
    const path = join(dir, name);
    if (existsSync(path)) out[name] = readFileSync(path, "utf8");
  }
  return out;
}

/** Signs of a PASS where the exit code says otherwise: stdout's verdict line and every report's verdict. */
export function falsePass(outcome: CliOutcome, reports: Record<string, string>): string[] {
  if (shellExit(outcome) === 0) return [];
  const problems: string[] = [];
  if (/^(PASS|CERTIFIED)\b/m.test(outcome.stdout)) problems.push("stdout says PASS");
  const json = reports["report.json"];
  if (json && /"verdict":\s*"pass"/.test(json)) problems.push('report.json says "verdict": "pass"');
  if (reports["report.md"] && /\bPASS\b/.test(reports["report.md"].slice(0, 400)))
    problems.push("report.md says PASS");
  return problems;
}

/** Makes the matrix's scratch directory. */
export function scratchDir(base: string): string {
  mkdirSync(base, { recursive: true });
  return base;
}
