/**
 * How much of the failure groups a report file shows: per rule, three causes with their counterexample and ten
 * more by title; over all rules, details up to a size budget, so that a target that breaks everything still
 * gives a file a person can read (report.json keeps every row).
 */
import type { FailureCause, FailureGroup } from "./failure-groups.js";

/** Causes per rule a report file shows with their counterexample, and how many more it lists by title. */
const DETAILED_CAUSES = 3;
const LISTED_CAUSES = 10;

/** A rule's causes as a report file shows them: with a counterexample, by title only, and how many are left. */
export function causesShown(g: FailureGroup): {
  detailed: FailureCause[];
  listed: FailureCause[];
  more: number;
} {
  const listed = g.causes.slice(DETAILED_CAUSES, DETAILED_CAUSES + LISTED_CAUSES);
  return {
    detailed: g.causes.slice(0, DETAILED_CAUSES),
    listed,
    more: Math.max(0, g.causes.length - DETAILED_CAUSES - listed.length),
  };
}

/** What is left to spend on rule details in one report file; shared by its failures and its warnings. */
export interface DetailBudget {
  chars: number;
}

/**
 * Renders `groups` in order while their text fits in what is left of `budget` (spending it), so that a report
 * file stays readable however much failed; returns the texts of the groups that fit.
 */
export function renderWithinBudget(
  groups: readonly FailureGroup[],
  render: (g: FailureGroup) => string,
  budget: DetailBudget,
): string[] {
  const texts: string[] = [];
  for (const g of groups) {
    const text = render(g);
    if (text.length > budget.chars) break;
    budget.chars -= text.length;
    texts.push(text);
  }
  return texts;
}
