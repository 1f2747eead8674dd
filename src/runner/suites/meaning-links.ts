/**
 * Two meanings that name another organisation, each judged by fetching it:
 * - `org.parent_org_nr_main_unit`: a sub-unit's `parent_org_nr` is its "main unit": fetched (one id, its
 *   `subunits` extension asked for), that organisation is not itself a sub-unit (`entity_type`, when given,
 *   is not `underenhet`), and its sub-unit list ("sub-units registered on the main unit"), when delivered
 *   whole, holds the sub-unit. Not judged: a main unit the data lacks (`coverage.missing`), a list cut at a
 *   cap or listed in `extensions_truncated`, a deleted sub-unit (it may have left the register's list), and
 *   answers from different snapshots (`as_of`).
 * - `ext.group_parent_top_owner`: a `group_parent` is "the top owner in the ownership chain", so fetched with
 *   its own `group_parent`, it has none ("null when no owner above the company is registered"). Not judged:
 *   an owner above it that leads back into the chain (cross-ownership has no top), a group parent the data
 *   lacks, and answers from different snapshots.
 */

import type { Problem } from "../../checks/check.js";
import { arrayAt, isObject, type JsonObject, objectAt } from "../../checks/support/json.js";
import { entityData, okEnvelope, orgNrOf } from "../../checks/support/response.js";
import type { Exchange } from "../../transport/exchange.js";
import { MEANING } from "../../verdicts/meaning.js";
import type { Outcome } from "../suite.js";
import { outcomeOf } from "./expect.js";

/** The `org` nodes of an entity read, by organisation number. */
export function orgNodes(ex: Exchange): Map<string, JsonObject> {
  const out = new Map<string, JsonObject>();
  for (const node of arrayAt(entityData(ex), "entities") ?? []) {
    if (!isObject(node) || typeof node.id !== "string") continue;
    const nr = orgNrOf(node.id);
    if (nr && isObject(node.payload)) out.set(nr, node.payload);
  }
  return out;
}

/** Whether an entity read lists `id` as missing. */
function isMissing(ex: Exchange, id: string): boolean {
  return (arrayAt(objectAt(okEnvelope(ex), "coverage"), "missing") ?? []).includes(id);
}

const asOf = (ex: Exchange) => okEnvelope(ex)?.as_of;

/** A sub-unit as read: its organisation number and its payload. */
export interface SubUnit {
  orgNr: string;
  payload: JsonObject;
}

/** The sub-units of a read worth following: an `org` with a 9-digit `parent_org_nr` and not a main unit. */
export function subUnitsOf(read: Exchange): SubUnit[] {
  return [...orgNodes(read)]
    .filter(([, p]) => typeof p.parent_org_nr === "string" && /^\d{9}$/.test(p.parent_org_nr))
    .filter(([, p]) => p.entity_type !== "hovedenhet")
    .map(([orgNr, payload]) => ({ orgNr, payload }));
}

/** Why `main` (the answer for `parent`, one id, `subunits` asked for) is not the main unit of `subs`. */
function mainUnitProblems(parent: string, subs: SubUnit[], main: Exchange): Problem[] {
  const fail = (title: string, expected: string, received: string, pointer: string): Problem => ({
    title,
    pointer,
    expected,
    received,
  });
  const payload = orgNodes(main).get(parent);
  if (payload?.entity_type === "underenhet")
    return [
      fail(
        `the main unit ${parent} named by sub-unit ${subs[0].orgNr} is itself a sub-unit`,
        '`entity_type` "hovedenhet" (or not given)',
        '"underenhet"',
        "/data/entities",
      ),
    ];
  const data = entityData(main);
  const list = arrayAt(objectAt(objectAt(data, "extensions"), "subunits"), parent);
  const cut = (arrayAt(objectAt(data, "extensions_truncated"), "subunits") ?? []).includes(parent);
  if (!list || cut || list.length >= 1000) return [];
  const listed = new Set(list.map((s) => (isObject(s) ? s.org_nr : undefined)));
  return subs
    .filter((s) => s.payload.is_deleted !== true && !listed.has(s.orgNr))
    .slice(0, 3)
    .map((s) =>
      fail(
        `sub-unit ${s.orgNr} names ${parent} as its main unit, but ${parent}'s whole sub-unit list leaves it out`,
        `an element with org_nr "${s.orgNr}" in data.extensions.subunits["${parent}"]`,
        `${list.length} sub-units, not that one`,
        `/data/extensions/subunits/${parent}`,
      ),
    );
}

/** `org.parent_org_nr_main_unit` on the read of the sub-units and the read of one main unit they name. */
export function judgeMainUnit(read: Exchange, parent: string, main: Exchange): Outcome {
  const verdict = MEANING.subunitParentIsMainUnit;
  const subs = subUnitsOf(read).filter((s) => s.payload.parent_org_nr === parent);
  const self = subs.find((s) => s.orgNr === parent);
  const skip = (why: string): Outcome => ({
    verdict,
    status: "skip",
    message: `not judged: ${why}`,
    exchange: main,
  });
  if (subs.length === 0) return skip(`no sub-unit read names ${parent}`);
  if (self)
    return outcomeOf(verdict, read, [
      {
        title: `sub-unit ${parent} names itself as its main unit`,
        pointer: "/data/entities",
        expected: "the organisation number of another organisation (its main unit)",
        received: `"${parent}"`,
      },
    ]);
  if (!okEnvelope(main) || !entityData(main))
    return skip(`the read of ${parent} did not answer 200 with data`);
  if (isMissing(main, `cb:org:${parent}`)) return skip(`the main unit ${parent} is not in the data`);
  if (asOf(read) !== asOf(main)) return skip("the two reads answered different snapshots (as_of)");
  return outcomeOf(verdict, main, mainUnitProblems(parent, subs, main));
}

/** Group parents of a read with `group_parent`: organisation number → the owner's organisation number. */
export function groupParents(read: Exchange): Map<string, string> {
  const out = new Map<string, string>();
  const byOrg = objectAt(objectAt(entityData(read), "extensions"), "group_parent");
  for (const [org, parent] of Object.entries(byOrg ?? {}))
    if (isObject(parent) && typeof parent.org_nr === "string" && parent.org_nr !== org)
      out.set(org, parent.org_nr);
  return out;
}

/**
 * `ext.group_parent_top_owner` on the read of the organisations (`group_parent` asked for), the read of their
 * group parents (the same), and the read of the owners found above those (undefined when there were none).
 */
export function judgeTopOwners(orgs: Exchange, parents: Exchange, above?: Exchange): Outcome {
  const verdict = MEANING.groupParentIsTop;
  const skip = (why: string): Outcome => ({
    verdict,
    status: "skip",
    message: `not judged: ${why}`,
    exchange: parents,
  });
  const first = groupParents(orgs);
  if (first.size === 0) return skip("no organisation read has a group parent");
  if (!okEnvelope(parents) || !entityData(parents))
    return skip("the read of the group parents did not answer 200");
  if (asOf(orgs) !== asOf(parents) || (above && asOf(above) !== asOf(parents)))
    return skip("the reads answered different snapshots (as_of)");
  const second = groupParents(parents);
  const third = above ? groupParents(above) : new Map<string, string>();
  const problems: Problem[] = [];
  for (const [org, top] of first) {
    const higher = second.get(top);
    // An owner above the top that owns, through its own group parent, one in the chain: a cycle, no top.
    if (higher === undefined || higher === org || third.get(higher) === top || third.get(higher) === org)
      continue;
    problems.push({
      title: `the group parent ${top} of ${org} has an owner above it, so it is not the top owner`,
      pointer: `/data/extensions/group_parent/${top}`,
      expected: `group_parent of ${top}: null (no owner above the top owner)`,
      received: `an owner above it: ${higher}`,
    });
  }
  return outcomeOf(verdict, parents, problems.slice(0, 3));
}
