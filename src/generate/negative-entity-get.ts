/** Named mutations of GET /entities/{id} at and past its bounds (Endpoints / GET /entities/{id}; Limits). */
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { BOUNDS, EXTENSION_NAMES } from "./bounds.js";
import { entityGetPlan } from "./entity-get-request.js";
import { basicFixtureIds } from "./entity-id.js";
import { paddingOrgId } from "./missing-org-id.js";
import { accepted, cursorItems, type NegativeCase, predicateNames, rejected } from "./negative-case.js";

const SECTION = "Endpoints / GET /entities/{id}";
const INCLUDE = "include: JSON-encoded array of strings; max 30";
const EXTEND =
  "extend: JSON-encoded array; max 4; items from financial_history, subunits, web_identities, group_parent";
const CURSOR =
  "cursor: JSON-encoded array or null; array of max 5 items, each a string (max 300 characters) or a number";
const DATASET = "dataset: basic (default) or influencer";
const AS_OF = "as_of: string, date-time; optional";

/** Cases for `include`, `extend`, `cursor`, `dataset`, `as_of` and malformed JSON parameters. */
export function entityGetNegativeCases(fixtures: TargetFixtures): NegativeCase[] {
  const id = basicFixtureIds(fixtures)[0] ?? paddingOrgId(0);
  const { includeItems: inc, extendItems: ext, cursorItems: cur, cursorStringLength: cs } = BOUNDS;
  const make = (
    name: string,
    bound: string,
    param: string,
    text: string,
    ok: boolean,
    sentence: string,
  ): NegativeCase => ({
    name: `entity-get-${name}`,
    bound,
    request: { ...entityGetPlan(id, {}), query: { [param]: text } },
    expect: ok ? accepted : rejected,
    sentence,
    section: SECTION,
  });
  const json = JSON.stringify;
  const incBound = `include max ${inc.max} items`;
  const extBound = `extend max ${ext.max} distinct known names`;
  const curBound = `cursor max ${cur.max} items, strings max ${cs.max} characters`;
  return [
    make(`include-${inc.max}`, incBound, "include", json(predicateNames(inc.max)), true, INCLUDE),
    make(`include-${inc.max + 1}`, incBound, "include", json(predicateNames(inc.max + 1)), false, INCLUDE),
    make("include-malformed-json", incBound, "include", "[foo", false, INCLUDE),
    make(`extend-${ext.max}`, extBound, "extend", json(EXTENSION_NAMES), true, EXTEND),
    make(
      `extend-${ext.max + 1}`,
      extBound,
      "extend",
      json([...EXTENSION_NAMES, EXTENSION_NAMES[0]]),
      false,
      EXTEND,
    ),
    make("extend-unknown-name", extBound, "extend", json(["revenue_forecast"]), false, EXTEND),
    make(`cursor-${cur.max}-items`, curBound, "cursor", json(cursorItems(cur.max)), true, CURSOR),
    make(`cursor-${cur.max + 1}-items`, curBound, "cursor", json(cursorItems(cur.max + 1)), false, CURSOR),
    make(`cursor-string-${cs.max}`, curBound, "cursor", json(["c".repeat(cs.max)]), true, CURSOR),
    make(`cursor-string-${cs.max + 1}`, curBound, "cursor", json(["c".repeat(cs.max + 1)]), false, CURSOR),
    make("cursor-null", curBound, "cursor", "null", true, CURSOR),
    make("dataset-unknown", "dataset basic or influencer", "dataset", "premium", false, DATASET),
    make("as-of-not-date-time", "as_of date-time", "as_of", "yesterday", false, AS_OF),
  ];
}
