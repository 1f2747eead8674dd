/**
 * Turns graded scenarios into the shared `Report`: one row per scenario × rule (the scenario is the row's
 * suite), evidence as the row message (pass) or counterexample evidence lines (fail), scenario data in
 * `details.scenarios`.
 */
import type { CheckResult, Report } from "../report/model.js";
import { summarise } from "../report/summarise.js";
import type { CertifyLevel, ScenarioGrade } from "./grade-scenario.js";
import type { ScenarioEvidence } from "./run-scenario.js";
import { seconds } from "./trace-facts.js";

/** One scenario as run and graded. */
export interface GradedScenario {
  evidence: ScenarioEvidence;
  grade: ScenarioGrade;
}

/** Builds the certificate's report model. */
export function buildReport(input: {
  version: string;
  commandLine: string;
  level: CertifyLevel;
  timeoutS: number;
  startedAt: Date;
  finishedAt: Date;
  scenarios: readonly GradedScenario[];
}): Report {
  const results = input.scenarios.flatMap(({ evidence, grade }) =>
    grade.rules.map((g) => toResult(evidence, g)),
  );
  const certified = input.scenarios.length > 0 && input.scenarios.every((s) => s.grade.status === "pass");
  return {
    tool: "cbcheck",
    version: input.version,
    command: "certify-client",
    startedAt: input.startedAt.toISOString(),
    finishedAt: input.finishedAt.toISOString(),
    target: { command: input.commandLine, embedded: true },
    verdict: certified ? "pass" : "fail",
    summary: {
      ...summarise(results),
      calls: input.scenarios.reduce((sum, s) => sum + s.evidence.trace.length, 0),
    },
    results,
    details: {
      certified,
      level: input.level,
      timeoutS: input.timeoutS,
      scenarios: input.scenarios.map(scenarioDetails),
    },
    notes: [
      `${certified ? "CERTIFIED" : "NOT CERTIFIED"} at level ${input.level === "all" ? "all (requirements and recommended practice)" : "required (requirements only)"}`,
      `command: ${input.commandLine}`,
      ...input.scenarios.map(
        ({ evidence, grade }) =>
          `scenario ${evidence.scenario.name}: ${grade.status} — ${describeRun(evidence)}${grade.notes.length ? `; ${grade.notes.join("; ")}` : ""}`,
      ),
    ],
  };
}

function toResult(evidence: ScenarioEvidence, g: ScenarioGrade["rules"][number]): CheckResult {
  const base = {
    id: g.rule.id,
    suite: evidence.scenario.name,
    sentence: g.rule.sentence,
    section: g.rule.section,
  };
  const level = g.rule.level === "required" ? "requirement" : "recommended practice";
  if (!g.graded) {
    return {
      ...base,
      status: "skip",
      message: `${level}: not graded at --level required (would be ${g.result.status})`,
      counterexamples: [],
    };
  }
  const message = `[${level}] ${g.result.evidence.join("; ")}`;
  if (g.result.status !== "fail") return { ...base, status: g.result.status, message, counterexamples: [] };
  return {
    ...base,
    status: "fail",
    message: `[${level}] ${g.rule.title} — violated: ${g.result.evidence[0] ?? ""}`,
    counterexamples: [
      { title: `${g.rule.title} — scenario ${evidence.scenario.name}`, evidence: g.result.evidence },
    ],
  };
}

function describeRun(evidence: ScenarioEvidence): string {
  const { run } = evidence;
  const end = run.timedOut
    ? `killed at the ${run.timeoutS} s timeout`
    : `exit ${run.exitCode ?? "by signal"}`;
  return `${evidence.trace.length} call(s), ${end}, ${seconds(run.startedAt, run.endedAt)} s`;
}

function scenarioDetails({ evidence, grade }: GradedScenario) {
  const { run, trace } = evidence;
  const redact = (text: string) => text.split(run.apiKey).join("<redacted>");
  const tail = (text: string) => redact(text).slice(-2000);
  return {
    name: evidence.scenario.name,
    description: evidence.scenario.description,
    status: grade.status,
    exitCode: run.exitCode,
    timedOut: run.timedOut,
    durationS: Number(seconds(run.startedAt, run.endedAt)),
    requestedIds: run.requestedIds.length,
    extend: run.extend,
    outputLines: evidence.output.lines.length,
    calls: trace.map((e) => ({
      n: e.n,
      method: e.method,
      path: e.url.split("?")[0],
      status: e.status,
      startS: Number(seconds(run.startedAt, e.startedAt)),
      durationMs: Math.round(e.endedAt - e.startedAt),
      retryAfter: e.responseHeaders["retry-after"],
      injected: e.fault !== undefined,
    })),
    stdoutTail: tail(run.stdout),
    stderrTail: tail(run.stderr),
    notes: grade.notes,
  };
}
