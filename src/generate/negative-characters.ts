/**
 * Bound cases measured in characters (code points) with letters that take more than one UTF-16 unit or UTF-8
 * byte, and reserved URL characters that must arrive intact. A server that counts UTF-16 units or bytes
 * refuses the at-bound astral cases; one that decodes twice or cuts at `#`/`?` answers the reserved-character
 * cases wrongly. Combining marks appear only at or inside a bound: past it, a reading that counts user-perceived
 * characters could fairly accept them.
 */
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { BOUNDS } from "./bounds.js";
import { entityBatchPlan } from "./entity-batch-request.js";
import { entityGetPlan } from "./entity-get-request.js";
import { basicFixtureIds } from "./entity-id.js";
import { paddingOrgId } from "./missing-org-id.js";
import { accepted, type NegativeCase, rejected } from "./negative-case.js";
import { resolvePlan } from "./resolve-request.js";
import { CHARACTER_CLASSES, textOfLength } from "./text-units.js";

const { astral, cjk, latin, combining, reserved } = CHARACTER_CLASSES;
/** Letters with a combining mark after every other one: still one code point per unit. */
const MARKED = latin.flatMap((c, i) => (i % 2 === 0 ? [c, combining[i % combining.length]] : [c]));
const RESERVED_TEXT = reserved.join("");

/** Cases for `query`, batch `ids`, `cursor` strings and path ids, with characters of every class. */
export function characterNegativeCases(fixtures: TargetFixtures): NegativeCase[] {
  const { queryLength: ql, idLength: il, cursorStringLength: cs } = BOUNDS;
  const known = basicFixtureIds(fixtures)[0] ?? paddingOrgId(0);
  const query = (name: string, text: string, ok: boolean): NegativeCase => ({
    name: `resolve-query-${name}`,
    bound: `query length ${ql.min}..${ql.max} characters`,
    request: resolvePlan({ query: text }),
    expect: ok ? accepted : rejected,
    sentence: "query: string; required; 1 to 300 characters",
    section: "Endpoints / GET /resolve",
  });
  // Unknown ids (`cb:person:` + key): served with 200 and listed in coverage.missing when within the bound.
  const personId = (n: number, chars: readonly string[]) => `cb:person:${textOfLength(n - 10, chars)}`;
  const batchId = (name: string, id: string, ok: boolean): NegativeCase => ({
    name: `batch-id-${name}`,
    bound: `id length ${il.min}..${il.max} characters`,
    request: entityBatchPlan({ ids: [id] }),
    expect: ok ? accepted : rejected,
    sentence: "ids: array of strings; required; 1 to 100 items; each 3 to 300 characters",
    section: "Endpoints / POST /entities/batch",
  });
  const cursor = (name: string, text: string, ok: boolean): NegativeCase => ({
    name: `entity-get-cursor-string-${name}`,
    bound: `cursor strings max ${cs.max} characters`,
    request: { ...entityGetPlan(known, {}), query: { cursor: JSON.stringify([text]) } },
    expect: ok ? accepted : rejected,
    sentence:
      "cursor: JSON-encoded array or null; array of max 5 items, each a string (max 300 characters) or a number",
    section: "Endpoints / GET /entities/{id}",
  });
  const pathId = (name: string, id: string): NegativeCase => ({
    name: `entity-get-unknown-id-${name}`,
    bound: "unknown ids are listed in coverage.missing",
    request: entityGetPlan(id, {}),
    expect: accepted,
    sentence: "Unknown input ids are not an error: they are listed in coverage.missing",
    section: "Resources / Identifiers",
  });
  return [
    query(`${ql.min}-astral`, astral[0], true),
    query(`${ql.max}-astral`, textOfLength(ql.max, astral), true),
    query(`${ql.max + 1}-astral`, textOfLength(ql.max + 1, astral), false),
    query(`${ql.max}-cjk`, textOfLength(ql.max, cjk), true),
    query(`${ql.max + 1}-cjk`, textOfLength(ql.max + 1, cjk), false),
    query(`${ql.max}-combining`, textOfLength(ql.max, MARKED), true),
    query("reserved-characters", RESERVED_TEXT, true),
    batchId(`${il.max}-astral`, personId(il.max, astral), true),
    batchId(`${il.max + 1}-astral`, personId(il.max + 1, astral), false),
    batchId("reserved-characters", `cb:person:${RESERVED_TEXT}`, true),
    cursor(`${cs.max}-astral`, textOfLength(cs.max, astral), true),
    cursor(`${cs.max + 1}-astral`, textOfLength(cs.max + 1, astral), false),
    pathId("reserved-characters", `cb:person:${RESERVED_TEXT}`),
    pathId("astral", `cb:person:${textOfLength(20, [...astral, ...cjk, ...combining])}`),
    pathId("percent-encoded-look", "cb:person:%2F%3F%23%25"),
  ];
}
