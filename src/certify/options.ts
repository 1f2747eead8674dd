/**
 * Options of `certify-client`: one user-facing type (all optional but the command), resolved once into a
 * fully defaulted, validated object. Bad input is a HarnessError (exit 2).
 */
import { HarnessError } from "../errors.js";
import { findExecutable } from "./find-executable.js";
import type { CertifyLevel } from "./grade-scenario.js";
import { SCENARIO_NAMES, SCENARIOS, type Scenario } from "./scenarios.js";

/** What the user gives. */
export interface CertifyOptions {
  /** The client command and its arguments (after `--`). */
  command: readonly string[];
  /** Scenario names; default all. */
  scenarios?: readonly string[];
  /** `all` (default): requirements and recommended practice; `required`: requirements only. */
  level?: string;
  /** Where the certificate is written. Default `reports/certify-client`. */
  reportDir?: string;
  /** Seconds each scenario's client may run. Default 60. */
  timeoutS?: number | string;
  /** Working directory of the client. Default the current directory. */
  cwd?: string;
  /** Scenarios run at the same time, each with its own server. Default 1. */
  concurrency?: number;
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
  concurrency: number;
}

/** Default seconds per scenario. */
export const DEFAULT_TIMEOUT_S = 60;

/** Validates and defaults; throws HarnessError CB_USAGE or CB_COMMAND_NOT_FOUND. */
export function resolveCertifyOptions(options: CertifyOptions): ResolvedCertifyOptions {
  const [command, ...args] = options.command;
  if (!command) {
    throw new HarnessError(
      "CB_USAGE",
      "no client command: give it after `--`, e.g. `cbcheck certify-client -- node my-client.js`",
    );
  }
  if (!findExecutable(command)) {
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
  const level = options.level ?? "all";
  if (level !== "all" && level !== "required") {
    throw new HarnessError("CB_USAGE", `--level must be "required" or "all", not "${level}"`);
  }
  const timeoutS = Number(options.timeoutS ?? DEFAULT_TIMEOUT_S);
  if (!Number.isFinite(timeoutS) || timeoutS <= 0 || timeoutS > 86_400) {
    throw new HarnessError(
      "CB_USAGE",
      `--timeout-s must be a number of seconds above 0, not "${options.timeoutS}"`,
    );
  }
  return {
    command,
    args,
    scenarios: SCENARIOS.filter((s) => names.includes(s.name)),
    level,
    reportDir: options.reportDir ?? "reports/certify-client",
    timeoutS,
    cwd: options.cwd ?? process.cwd(),
    concurrency: Math.max(1, Math.floor(options.concurrency ?? 1)),
  };
}
