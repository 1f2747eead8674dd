/**
 * Why a rule judged no exchange, when no suite said why (a `skip` row's message wins): the data it needs, as
 * a table keyed by verdict id prefix. Kept as data so that new rules and key states (a revoked key, a team key,
 * a no-credits key) slot in with one line.
 */
import type { SuiteName } from "../vocabulary/suite-name.js";

/** The data a family of rules needs before it can judge anything (first matching prefix wins). */
export const NEEDS: readonly { prefix: string; reason: string }[] = [
  {
    prefix: "ext.subunits.",
    reason: "no fixture org with sub-units in the answers (an org with many sub-units)",
  },
  { prefix: "limits.subunits_", reason: "no fixture org with more sub-units than one page" },
  { prefix: "ext.financial_history.", reason: "no fixture org with financial history in the answers" },
  { prefix: "limits.edge_paging_", reason: "no fixture org with relations beyond one edge page" },
  {
    prefix: "envelope.truncated_when_cut",
    reason: "no answer was cut (an org with relations beyond one edge page)",
  },
  {
    prefix: "influencer.",
    reason: "no influencer read: credits not allowed (--allow-credits) or no influencer_ids",
  },
  {
    prefix: "cost.influencer_",
    reason: "no influencer read: credits not allowed (--allow-credits) or no influencer_ids",
  },
  {
    prefix: "error.plan_required_fields",
    reason: "no 403 plan_required seen: no Free key (--free-api-key-env)",
  },
  { prefix: "auth.", reason: "a key state the run did not have (a Free key: --free-api-key-env)" },
  { prefix: "rate.", reason: "no 429 seen: the target's limit was not reached" },
  { prefix: "org.signature_only_single", reason: "no single-org read with a signature in the answers" },
];

/**
 * Checks that apply only to an answer a conforming server never sends: a clean run leaves them unexercised, and
 * another verdict judges the same sentence on the conforming answer.
 */
export const ONLY_ON_VIOLATION: Readonly<Record<string, string>> = {
  "me.every_plan":
    "applies only to a 403 on /me or /capabilities, which a conforming server never sends (auth.me_capabilities_every_plan judges the 200)",
  "credits.refused_while_covered":
    "applies only to a 402 on a credit call, which a run within the balance it was shown never gets",
};

/** The suite whose file judges a rule, when the file's name is not the suite's own. */
export const SUITE_OF_FILE: Readonly<Record<string, SuiteName>> = {
  "alt-errors": "alt-base-url",
  "gzip-probe": "http",
  "schema-rules": "schema",
  "schema-concurrent": "schema",
  "edge-paging": "limits",
  subunits: "limits",
};

/** The reason for an unexercised rule from its id, or a generic one. */
export function neededData(id: string, isCheck: boolean): string {
  const found = NEEDS.find((n) => id.startsWith(n.prefix));
  if (found) return found.reason;
  return isCheck ? "no recorded response it applies to" : "never judged in this run";
}
