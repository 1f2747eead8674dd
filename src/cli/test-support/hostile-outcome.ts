/**
 * Reading how a hostile-matrix case ended: the exit code as a shell sees it, the report files it wrote, and
 * signs of a PASS that its exit code denies. Shared by the target cases, the file cases and bench/hostile.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CliOutcome } from "./run-cli-case.js";

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
