/** Named mutations of the POST /entities/batch bounds: id count and length, include, extend, cursor. */
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { BOUNDS, EXTENSION_NAMES } from "./bounds.js";
import { distinctIds } from "./distinct-ids.js";
import { entityBatchPlan } from "./entity-batch-request.js";
import { accepted, cursorItems, type NegativeCase, predicateNames, rejected } from "./negative-case.js";

const SECTION = "Endpoints / POST /entities/batch";
const IDS = "ids: array of strings; required; 1 to 100 items; each 3 to 300 characters";
const INCLUDE = "include: array of strings; max 30";
const EXTEND = "extend: array of strings; max 4; items as above";
const CURSOR = "cursor: array (max 5 items, string max 300 characters or number) or null";

/** An id of exactly `n` characters; from 7 on it has the node-id form `cb:org:…`. */
function idOfLength(n: number): string {
  return n < 7 ? "x".repeat(n) : `cb:org:${"9".repeat(n - 7)}`;
}

/** Cases at and past the count and length bounds of the batch body. */
export function batchBoundCases(fixtures: TargetFixtures): NegativeCase[] {
  const { batchIds: bi, idLength: il, includeItems: inc, extendItems: ext } = BOUNDS;
  const { cursorItems: cur, cursorStringLength: cs } = BOUNDS;
  const one = distinctIds(fixtures, 1);
  const make = (
    name: string,
    bound: string,
    body: { ids: string[] } & Record<string, unknown>,
    ok: boolean,
    sentence = IDS,
  ): NegativeCase => ({
    name: `batch-${name}`,
    bound,
    request: entityBatchPlan(body),
    expect: ok ? accepted : rejected,
    sentence,
    section: SECTION,
  });
  const idsBound = `ids ${bi.min}..${bi.max} items`;
  const lenBound = `id length ${il.min}..${il.max}`;
  return [
    make(`ids-${bi.min - 1}`, idsBound, { ids: [] }, false),
    make(`ids-${bi.min}`, idsBound, { ids: one }, true),
    make(`ids-${bi.max}`, idsBound, { ids: distinctIds(fixtures, bi.max) }, true),
    make(`ids-${bi.max + 1}`, idsBound, { ids: distinctIds(fixtures, bi.max + 1) }, false),
    make(`id-length-${il.min - 1}`, lenBound, { ids: [idOfLength(il.min - 1)] }, false),
    make(`id-length-${il.min}`, lenBound, { ids: [idOfLength(il.min)] }, true),
    make(`id-length-${il.max}`, lenBound, { ids: [idOfLength(il.max)] }, true),
    make(`id-length-${il.max + 1}`, lenBound, { ids: [idOfLength(il.max + 1)] }, false),
    make(
      `include-${inc.max + 1}`,
      `include max ${inc.max}`,
      { ids: one, include: predicateNames(inc.max + 1) },
      false,
      INCLUDE,
    ),
    make(
      `extend-${ext.max + 1}`,
      `extend max ${ext.max}`,
      { ids: one, extend: [...EXTENSION_NAMES, EXTENSION_NAMES[1]] },
      false,
      EXTEND,
    ),
    make(
      "extend-unknown-name",
      "extend known names",
      { ids: one, extend: ["revenue_forecast"] },
      false,
      EXTEND,
    ),
    make(
      `cursor-${cur.max + 1}-items`,
      `cursor max ${cur.max} items`,
      { ids: one, cursor: cursorItems(cur.max + 1) },
      false,
      CURSOR,
    ),
    make(
      `cursor-string-${cs.max + 1}`,
      `cursor strings max ${cs.max}`,
      { ids: one, cursor: ["c".repeat(cs.max + 1)] },
      false,
      CURSOR,
    ),
  ];
}
