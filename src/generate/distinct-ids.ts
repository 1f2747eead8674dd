/** Many distinct ids for batch reads of many ids (POST /entities/batch: "1 to 100 items"). */
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { basicFixtureIds } from "./fixture-overrides.js";
import { paddingOrgId } from "./formats/node-id.js";

/** `n` distinct ids: fixture ids first, then well-formed padding org ids (missing ids still give 200). */
export function distinctIds(fixtures: TargetFixtures, n: number): string[] {
  const ids = basicFixtureIds(fixtures).slice(0, n);
  const seen = new Set(ids);
  for (let i = 0; ids.length < n; i++) {
    const pad = paddingOrgId(i);
    if (!seen.has(pad)) ids.push(pad);
  }
  return ids;
}
