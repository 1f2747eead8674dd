/**
 * `certifyClient`: runs every chosen scenario against the client command, grades each with the client rules
 * and returns the certificate's report. It writes and prints nothing: the CLI writes the certificate
 * (report.md, report.html, report.json, junit.xml) and prints the verdict.
 */

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redactor } from "../redactor.js";
import type { CommandResult } from "../report/model.js";
import { sealResult } from "../report/seal-result.js";
import { VERSION } from "../version.js";
import { buildReport, type GradedScenario } from "./build-report.js";
import { clientStartError } from "./client-start-error.js";
import { gradeScenario, type ScenarioGrade } from "./grade-scenario.js";
import { scenarioSection } from "./html-section.js";
import type { ResolvedCertifyOptions } from "./options.js";
import { runScenario } from "./run-scenario.js";
import type { Scenario } from "./scenarios.js";

/** The outcome of a certification: the report, its scenario section, the keys handed out, each scenario. */
export interface CertifyResult extends CommandResult {
  certified: boolean;
  scenarios: GradedScenario[];
}

/** Hooks of a certification; all optional. */
export interface CertifyHooks {
  /** Called as each scenario is graded. */
  onScenario?: (name: string, grade: ScenarioGrade) => void;
  /** Called as each scenario starts, with its position among the chosen ones (progress). */
  onScenarioStart?: (name: string, index: number, count: number) => void;
  /**
   * Aborted on an interruption (the CLI's SIGINT/SIGTERM): the running client's tree is ended, the scenario
   * in progress is not graded (a killed client proves nothing), and no further scenario starts.
   */
  signal?: AbortSignal;
}

/** Shell-like rendering of the command for the certificate. */
function commandLineOf(command: readonly string[]): string {
  return command
    .map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : `'${part.replace(/'/g, `'\\''`)}'`))
    .join(" ");
}

/**
 * Certifies the client of `resolved`; `onScenario` reports progress. Rejects with a `ClientStartError` when the
 * client of the first scenario(s) ended before its first call, and with `signal.reason` once `signal` aborted
 * (every client's process tree is ended by then).
 */
export async function certifyClient(
  resolved: ResolvedCertifyOptions,
  hooks: CertifyHooks = {},
): Promise<CertifyResult> {
  const startedAt = new Date();
  const workDir = await mkdtemp(join(tmpdir(), "cbcheck-certify-"));
  const scenarios: GradedScenario[] = [];
  const secrets: string[] = [];
  try {
    const signal = hooks.signal ?? resolved.signal;
    const runOne = async (scenario: Scenario): Promise<GradedScenario[]> => {
      if (signal?.aborted) return [];
      hooks.onScenarioStart?.(scenario.name, resolved.scenarios.indexOf(scenario), resolved.scenarios.length);
      const evidence = await runScenario(
        scenario,
        { command: resolved.command, args: resolved.args, cwd: resolved.cwd, env: resolved.env },
        { timeoutS: resolved.timeoutS, workDir, ...(signal ? { signal } : {}) },
      );
      secrets.push(evidence.run.apiKey);
      if (signal?.aborted) return [];
      const grade = gradeScenario(evidence, resolved.level);
      hooks.onScenario?.(scenario.name, grade);
      return [{ evidence, grade }];
    };
    // Scenarios are independent (own server, own files); results keep the scenario order.
    for (let i = 0; i < resolved.scenarios.length; i += resolved.concurrency) {
      if (signal?.aborted) break;
      const batch = resolved.scenarios.slice(i, i + resolved.concurrency);
      const graded = (await Promise.all(batch.map(runOne))).flat();
      // A client that could not run shows it in the first scenarios already; later ones would only repeat it.
      const notStarted = i === 0 ? graded.map((g) => clientStartError(g.evidence)).find(Boolean) : undefined;
      if (notStarted) throw notStarted;
      scenarios.push(...graded);
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  const report = buildReport({
    version: VERSION,
    commandLine: commandLineOf([resolved.command, ...resolved.args]),
    level: resolved.level,
    timeoutS: resolved.timeoutS,
    startedAt,
    finishedAt: new Date(),
    scenarios,
  });
  const sections = [scenarioSection(scenarios)];
  // The client's output is quoted in the report: its keys are redacted from it as from any command's.
  return sealResult(
    { report, sections, secrets, certified: report.verdict === "pass", scenarios },
    new Redactor(secrets),
  );
}
