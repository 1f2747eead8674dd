/**
 * The credit plan of a run, made before the first suite: which checks need the influencer dataset and what
 * each may cost at most, in the order they are served from `--max-credits`. Generated cases (schema,
 * alt-base-url) share what is left. Run planning calls `creditNeeds` and `CreditBudget.plan` with it.
 */
import type { SuiteName } from "../../vocabulary/suite-name.js";
import type { TargetFixtures } from "../../vocabulary/target-fixtures.js";
import type { CreditBudget, CreditNeed } from "./budget.js";
import { INFLUENCER_NODES_MAX } from "./price.js";

/** Pool names of the planned credit checks (the `purpose` a suite passes with its call). */
export const CREDIT_PURPOSE = {
  /** auth: a Plus key reads the influencer dataset (2 ids), then one unknown id (0 credits when conforming). */
  influencerPlus: "auth.influencer_plus",
  /** auth: a team key's read is charged to the team balance (1 id). */
  teamSplit: "auth.team_credit_split",
  /** limits: more than 25 influencer ids give at most 25 nodes. */
  influencerCap: "limits.influencer_cap",
} as const;

/** Ids the `auth` suite's Plus influencer read asks for. */
export const INFLUENCER_PLUS_IDS = 2;

/** What the planned credit checks of these suites need, most telling first. */
export function creditNeeds(
  options: { suites: readonly SuiteName[] },
  fixtures: Pick<TargetFixtures, "influencer_ids">,
  keys: { team?: string },
): CreditNeed[] {
  const ids = fixtures.influencer_ids.length;
  if (ids === 0) return [];
  const needs: CreditNeed[] = [];
  if (options.suites.includes("auth")) {
    needs.push({ purpose: CREDIT_PURPOSE.influencerPlus, price: Math.min(INFLUENCER_PLUS_IDS, ids) + 1 });
    if (keys.team !== undefined) needs.push({ purpose: CREDIT_PURPOSE.teamSplit, price: 1, key: "team" });
  }
  if (options.suites.includes("limits") && ids > INFLUENCER_NODES_MAX) {
    needs.push({ purpose: CREDIT_PURPOSE.influencerCap, price: INFLUENCER_NODES_MAX });
  }
  return needs;
}

/** The report's note on credits: what was spent, and what was not sent for want of credits. */
export function creditNote(budget: CreditBudget): string {
  if (budget.max === 0)
    return "credits: none spent (the influencer checks need --allow-credits or --max-credits N)";
  const withheld =
    budget.withheld > 0
      ? `; ${budget.withheld} generated influencer request(s) not sent (credit budget or balance)`
      : "";
  return `credits: spent ${budget.spent} of --max-credits ${budget.max}${withheld}`;
}
