/**
 * Options of `certify-client`: one user-facing type (all optional but the command; the CLI's flags are typed
 * from it), resolved once into a fully defaulted, validated object. Bad input is a HarnessError (exit 2).
 */
import { HarnessError } from "../errors.js";
import { defaultReportDir } from "../report/report-dir.js";
import { findExecutable } from "./find-executable.js";
import type { CertifyLevel } from "./grade-scenario.js";
import { DEFAULT_TIMEOUT_S, parseLevel, parseTimeoutS } from "./option-parsers.js";
import { SCENARIO_NAMES, SCENARIOS, type Scenario } from "./scenarios.js";

/** What the user gives. */
export interface CertifyOptions {
  /** The client command and its arguments (after `--`). */
  command: readonly string[];
  /** Scenario names; default all. */
  scenarios?: readonly string[];
  /** `all` (default): requirements and recommended practice; `required`: requirements only. */
  level?: CertifyLevel;
  /** Where the certificate is written. Default `reports/certify-client`. */
  reportDir?: string;
  /** Seconds each scenario's client may run. Default 60. */
  timeoutS?: number;
  /** Working directory of the client. Default the current directory. */
  cwd?: string;
  /** The environment the client inherits (its `PATH` also finds the command); default none. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Scenarios run at the same time, each with its own server. Default 1. */
  concurrency?: number;
  /** Aborting it ends every running client's whole process tree at once and stops the certification. */
  signal?: AbortSignal;
}

/** Validated, defaulted options. */
export interface ResolvedCertifyOptions {
  command: string;
  args: string[];
  scenarios: Scenario[];
  level: CertifyLevel;
  reportDir: string;
  timeoutS: number;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  concurrency: number;
  signal?: AbortSignal;
}

/** Validates and defaults; throws HarnessError CB_USAGE or CB_COMMAND_NOT_FOUND. */
export function resolveCertifyOptions(options: CertifyOptions): ResolvedCertifyOptions {
  const [command, ...args] = options.command;
  if (!command) {
    throw new HarnessError(
      "CB_USAGE",
      "no client command: give it after `--`, e.g. `cbcheck certify-client -- node my-client.js`",
    );
  }
  const env = options.env ?? {};
  if (!findExecutable(command, env.PATH ?? "")) {
    throw new HarnessError("CB_COMMAND_NOT_FOUND", `client command not found or not executable: ${command}`);
  }
  const names = options.scenarios?.length ? [...new Set(options.scenarios)] : [...SCENARIO_NAMES];
  const unknown = names.filter((name) => !SCENARIO_NAMES.includes(name));
  if (unknown.length > 0) {
    throw new HarnessError(
      "CB_USAGE",
      `unknown scenario ${unknown.join(", ")}; known: ${SCENARIO_NAMES.join(", ")}`,
    );
  }
  return {
    command,
    args,
    scenarios: SCENARIOS.filter((s) => names.includes(s.name)),
    level: parseLevel(options.level ?? "all"),
    reportDir: options.reportDir ?? defaultReportDir("certify-client"),
    timeoutS: parseTimeoutS(options.timeoutS ?? DEFAULT_TIMEOUT_S),
    cwd: options.cwd ?? process.cwd(),
    env,
    concurrency: Math.max(1, Math.floor(options.concurrency ?? 1)),
    signal: options.signal,
  };
}
