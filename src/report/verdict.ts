/**
 * The verdict of a command, decided in one place so that report.json, report.md, report.html, junit.xml, the
 * console and the exit code always say the same thing: a stopped or interrupted run never reads "PASS".
 */
import type { CheckResult, Report } from "./model.js";

/** A report's verdict: pass, fail, incomplete, interrupted or error. */
export type Verdict = Report["verdict"];

/** The signals a long command stops on, with the shell's exit codes for them (128 + signal number). */
export const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/** A signal a long command stops on. */
export type StopSignal = keyof typeof SIGNAL_EXIT;

/** What decides a verdict besides the rows. */
export interface VerdictInputs {
  /** Why the command stopped before every verdict (a deadline, a call cap); absent when it ran to the end. */
  stopped?: string;
  /** Inconclusive rows do not stop a pass (`run --allow-inconclusive`); default they make it incomplete. */
  allowInconclusive?: boolean;
}

/**
 * Decides the verdict and its reason: any failure is `fail` (exit 1); else a stop or, unless allowed, an
 * inconclusive row is `incomplete` (exit 2); else `pass`.
 */
export function decideVerdict(
  results: readonly CheckResult[],
  inputs: VerdictInputs = {},
): Pick<Report, "verdict" | "reason"> {
  if (results.some((r) => r.status === "fail")) return { verdict: "fail" };
  if (inputs.stopped !== undefined) return { verdict: "incomplete", reason: inputs.stopped };
  const inconclusive = results.filter((r) => r.status === "inconclusive");
  if (inconclusive.length > 0 && !inputs.allowInconclusive) {
    const ids = [...new Set(inconclusive.map((r) => r.id))].slice(0, 5).join(", ");
    return {
      verdict: "incomplete",
      reason:
        `${inconclusive.length} check(s) inconclusive (${ids}${inconclusive.length > 5 ? ", …" : ""}): ` +
        "no verdict on them (--allow-inconclusive accepts them)",
    };
  }
  return { verdict: "pass" };
}

/** What interrupted a command: a signal to the CLI, or the `AbortSignal` a library caller passed. */
export type Interruption = StopSignal | "its AbortSignal";

/** Marks `report` interrupted by `by`, keeping every row judged so far. */
export function markInterrupted(report: Report, by: Interruption): Report {
  const judged = report.results.length;
  return {
    ...report,
    verdict: "interrupted",
    reason: `interrupted by ${by} after ${judged} judged row(s); the rest has no verdict`,
  };
}

/** The word every output uses for a verdict (report.md, report.html, the console). */
export function verdictLabel(verdict: Verdict): string {
  return verdict.toUpperCase();
}

/** The exit code of a verdict: 0 pass, 1 fail, 2 incomplete or error, 130/143 interrupted. */
export function exitCodeOf(verdict: Verdict, signal?: StopSignal): number {
  if (verdict === "pass") return 0;
  if (verdict === "fail") return 1;
  if (verdict === "interrupted") return SIGNAL_EXIT[signal ?? "SIGINT"];
  return 2;
}
