/**
 * `certifyClient`: runs every chosen scenario against the client command, grades each with the client rules
 * and writes the certificate (report.md, report.html, report.json, junit.xml).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Report } from "../report/model.js";
import { writeReports } from "../report/write-reports.js";
import { buildReport, type GradedScenario } from "./build-report.js";
import { gradeScenario, type ScenarioGrade } from "./grade-scenario.js";
import { scenarioSection } from "./html-section.js";
import { type CertifyOptions, resolveCertifyOptions } from "./options.js";
import { runScenario } from "./run-scenario.js";
import type { Scenario } from "./scenarios.js";

/** The outcome of a certification. */
export interface CertifyResult {
  report: Report;
  certified: boolean;
  /** Files written. */
  files: string[];
  scenarios: GradedScenario[];
}

/** Shell-like rendering of the command for the certificate. */
export function commandLineOf(command: readonly string[]): string {
  return command
    .map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : `'${part.replace(/'/g, `'\\''`)}'`))
    .join(" ");
}

/** Certifies a client; `onScenario` reports progress. Throws HarnessError for bad options (exit 2). */
export async function certifyClient(
  options: CertifyOptions & { version?: string; onScenario?: (name: string, grade: ScenarioGrade) => void },
): Promise<CertifyResult> {
  const resolved = resolveCertifyOptions(options);
  const startedAt = new Date();
  const workDir = await mkdtemp(join(tmpdir(), "cbcheck-certify-"));
  const scenarios: GradedScenario[] = [];
  const secrets: string[] = [];
  try {
    const runOne = async (scenario: Scenario): Promise<GradedScenario> => {
      const evidence = await runScenario(
        scenario,
        { command: resolved.command, args: resolved.args, cwd: resolved.cwd },
        { timeoutS: resolved.timeoutS, workDir },
      );
      secrets.push(evidence.run.apiKey);
      const grade = gradeScenario(evidence, resolved.level);
      options.onScenario?.(scenario.name, grade);
      return { evidence, grade };
    };
    // Scenarios are independent (own server, own files); results keep the scenario order.
    for (let i = 0; i < resolved.scenarios.length; i += resolved.concurrency) {
      const batch = resolved.scenarios.slice(i, i + resolved.concurrency);
      scenarios.push(...(await Promise.all(batch.map(runOne))));
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  const report = buildReport({
    version: options.version ?? "0.0.0",
    commandLine: commandLineOf(options.command),
    level: resolved.level,
    timeoutS: resolved.timeoutS,
    startedAt,
    finishedAt: new Date(),
    scenarios,
  });
  const files = await writeReports(resolved.reportDir, report, [scenarioSection(scenarios)], { secrets });
  return { report, certified: report.verdict === "pass", files, scenarios };
}
