/**
 * Chooses the ids of a scenario: existing organisations (the server's fixtures, then organisations of the same
 * graph in index order), with unknown ids mixed in.
 */
import { HarnessError } from "../errors.js";
import type { ServerFixtures } from "../server/types.js";
import type { Scenario } from "./scenarios.js";

/** Ids for the client's CB_IDS_FILE, in order; unknown ids spread so they fall into different batches. */
export function pickIds(
  fixtures: ServerFixtures,
  scenario: Scenario,
  moreOrgIds: readonly string[] = [],
): string[] {
  // The main unit with over 1,000 sub-units is left out: it is there for the single-id limit, not for batches.
  const orgs = [...new Set([...fixtures.org_ids, ...moreOrgIds])].filter(
    (id) => id !== fixtures.main_unit_with_many_subunits,
  );
  if (orgs.length < scenario.existingIds) {
    throw new HarnessError(
      "CB_FIXTURES",
      `the certification server offers ${orgs.length} organisation ids; scenario ${scenario.name} needs ${scenario.existingIds}`,
    );
  }
  const existing = orgs.slice(0, scenario.existingIds);
  // Organisation numbers below 900000000 lie outside the synthetic graph's number space, so they never exist.
  const missing = [
    ...fixtures.missing_ids,
    ...Array.from({ length: scenario.missingIds }, (_, i) => `cb:org:${100000000 + i}`),
  ]
    .filter((id) => !existing.includes(id))
    .slice(0, scenario.missingIds);
  const ids = [...existing];
  const step = Math.max(1, Math.floor(ids.length / Math.max(1, missing.length)));
  missing.forEach((id, i) => {
    ids.splice(Math.min(ids.length, i * (step + 1) + 3), 0, id);
  });
  return ids;
}
