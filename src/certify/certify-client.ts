/**
 * `certifyClient`: runs every chosen scenario against the client command, grades each with the client rules
 * and returns the certificate's report. It writes and prints nothing: the CLI writes the certificate
 * (report.md, report.html, report.json, junit.xml) and prints the verdict.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CommandResult } from "../report/model.js";
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
    const runOne = async (scenario: Scenario): Promise<GradedScenario> => {
      const evidence = await runScenario(
        scenario,
        { command: resolved.command, args: resolved.args, cwd: resolved.cwd, env: resolved.env },
        { timeoutS: resolved.timeoutS, workDir, signal: resolved.signal },
      );
      secrets.push(evidence.run.apiKey);
      return { evidence, grade: gradeScenario(evidence, resolved.level) };
    };
    // Scenarios are independent (own server, own files); results keep the scenario order.
    for (let i = 0; i < resolved.scenarios.length; i += resolved.concurrency) {
      resolved.signal?.throwIfAborted();
      const batch = resolved.scenarios.slice(i, i + resolved.concurrency);
      const graded = await Promise.all(batch.map(runOne));
      resolved.signal?.throwIfAborted();
      // A client that could not run shows it in the first scenarios already; later ones would only repeat it.
      const notStarted = i === 0 ? graded.map((g) => clientStartError(g.evidence)).find(Boolean) : undefined;
      if (notStarted) throw notStarted;
      for (const g of graded) hooks.onScenario?.(g.evidence.scenario.name, g.grade);
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
  return { report, sections, secrets, certified: report.verdict === "pass", scenarios };
}
