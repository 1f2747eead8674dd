/** Examples for the entity-read checks: coverage, edges, payloads, influencer. */
import { batchExchange, getExchange, influencerExchange, mutate, orgNr, smallBatch } from "../exchanges.js";
import type { CheckExample } from "./example.js";

/** `[[[…]]]`, `depth` arrays deep, built without recursion. */
export function nestedArray(depth: number): unknown[] {
  let value: unknown[] = [];
  for (let i = 1; i < depth; i++) value = [value];
  return value;
}

/** Examples keyed by check id. */
export const ENTITY_EXAMPLES: Record<string, CheckExample> = {
  "coverage.consistent_with_request": {
    pass: smallBatch({ missing: 2 }),
    fail: mutate(smallBatch(), (j) => {
      j.coverage.missing.push(`cb:org:${orgNr(500)}`);
    }),
    severity: "error",
  },
  "coverage.requested_returned_or_missing": {
    pass: smallBatch({ missing: 2 }),
    fail: mutate(smallBatch({ missing: 2 }), (j) => {
      j.coverage.missing.pop();
    }),
    severity: "error",
  },
  "edges.only_with_include": {
    pass: smallBatch({ include: [], edges: 0 }),
    fail: smallBatch({ include: [], edges: 2 }),
    severity: "error",
  },
  "edges.page_cut_declared": {
    pass: mutate(smallBatch(), (j) => {
      j.data.entities[0].active_predicates.HAS_ROLE = 80;
      j.truncated = true;
      j.cursor = ["e1", 50];
    }),
    fail: mutate(smallBatch(), (j) => {
      j.data.entities[0].active_predicates.HAS_ROLE = 80;
    }),
    severity: "error",
  },
  "edges.predicates_from_include": {
    pass: smallBatch(),
    fail: mutate(smallBatch(), (j) => {
      j.data.edges[1].predicate = "OWNS";
    }),
    severity: "error",
  },
  "influencer.nodes_cap": {
    pass: influencerExchange(25),
    fail: influencerExchange(26),
    severity: "error",
  },
  "influencer.one_network": {
    pass: influencerExchange(3),
    fail: mutate(influencerExchange(3), (j) => {
      j.data.entities[2].id = "cb:identity:tiktok:user_2";
    }),
    severity: "error",
  },
  "org.signature_only_single": {
    pass: getExchange(),
    fail: mutate(smallBatch(), (j) => {
      j.data.entities[1].payload.signature_text = "Daglig leder alene.";
    }),
    severity: "error",
  },
  "org.id_matches_org_nr": {
    pass: getExchange(),
    fail: mutate(getExchange(), (j) => {
      j.data.entities[0].payload.org_nr = "123456789";
    }),
    severity: "error",
  },
  "response.structure_bounded": {
    pass: batchExchange({ orgs: 5, edges: 5, subunits: 5 }),
    fail: mutate(getExchange(), (j) => {
      j.warnings = [nestedArray(65)];
    }),
    severity: "error",
  },
  "response.schema": {
    pass: batchExchange({ orgs: 5, edges: 5, subunits: 5 }),
    fail: mutate(smallBatch(), (j) => {
      j.data.entities[0].payload.employees = "many";
    }),
    severity: "error",
  },
};
