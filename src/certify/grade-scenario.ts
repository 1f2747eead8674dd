/**
 * Grades one scenario with every rule. A scenario passes only when no graded rule failed or was inconclusive
 * (rule `client.faults_consumed` makes a fault never reached inconclusive: it proves nothing).
 */
import type { ClientRule, RuleLevel, RuleResult } from "./rule.js";
import { CLIENT_RULES } from "./rules/index.js";
import type { ScenarioEvidence } from "./run-scenario.js";

/** Which rules count: the contract's requirements only, or requirements and recommended practice. */
export type CertifyLevel = "required" | "all";

/** One rule's outcome in one scenario; `graded` is false for recommended rules at `--level required`. */
export interface GradedRule {
  rule: ClientRule;
  result: RuleResult;
  graded: boolean;
}

/** The grade of one scenario. */
export interface ScenarioGrade {
  status: "pass" | "fail" | "inconclusive";
  rules: GradedRule[];
  /** Why the scenario is inconclusive as a whole, when it is. */
  notes: string[];
}

/** True when a rule of this level counts at this certification level. */
export function countsAt(level: RuleLevel, certifyLevel: CertifyLevel): boolean {
  return certifyLevel === "all" || level === "required";
}

/** Grades the evidence of one scenario. */
export function gradeScenario(
  evidence: ScenarioEvidence,
  level: CertifyLevel,
  rules: readonly ClientRule[] = CLIENT_RULES,
): ScenarioGrade {
  const graded = rules.map((rule) => ({
    rule,
    result: rule.grade(evidence.trace, evidence.output, evidence.run),
    graded: countsAt(rule.level, level),
  }));
  const notes: string[] = [];
  if (evidence.spawnError) notes.push(`the client could not be started: ${evidence.spawnError}`);
  const counted = graded.filter((g) => g.graded);
  const status = counted.some((g) => g.result.status === "fail")
    ? "fail"
    : counted.some((g) => g.result.status === "inconclusive") || notes.length > 0
      ? "inconclusive"
      : "pass";
  return { status, rules: graded, notes };
}
