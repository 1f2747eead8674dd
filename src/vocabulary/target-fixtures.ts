/**
 * What is known of a target's data: ids that exist (or do not), from `--fixtures` (schemas/fixtures.schema.json),
 * the embedded server, or discovery through `/resolve`. Generators, suites and load mixes build requests from it.
 */

/** Known ids of the target, every optional array filled (empty when unknown). */
export interface TargetFixtures {
  known_ids: string[];
  org_ids: string[];
  subunit_ids: string[];
  main_unit_with_many_subunits?: string;
  missing_ids: string[];
  influencer_ids: string[];
  resolve_queries: string[];
}

const ARRAYS = ["org_ids", "subunit_ids", "missing_ids", "influencer_ids", "resolve_queries"] as const;

/** Fills the optional arrays of fixtures and drops unknown fields. */
export function normaliseFixtures(value: Partial<TargetFixtures> & { known_ids: string[] }): TargetFixtures {
  const out: TargetFixtures = {
    known_ids: [...value.known_ids],
    org_ids: [],
    subunit_ids: [],
    missing_ids: [],
    influencer_ids: [],
    resolve_queries: [],
  };
  for (const name of ARRAYS) out[name] = [...(value[name] ?? [])];
  if (value.main_unit_with_many_subunits)
    out.main_unit_with_many_subunits = value.main_unit_with_many_subunits;
  return out;
}

/** Fixtures of a target about which nothing is known yet. */
export function emptyFixtures(): TargetFixtures {
  return normaliseFixtures({ known_ids: [] });
}
