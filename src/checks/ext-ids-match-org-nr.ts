import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { isObject, pointer, show } from "./support/json.js";
import { extensions, orgNrOf } from "./support/response.js";

/** An extension element that names an organisation by both an `id` and an `org_nr`, and where it sits. */
interface Named {
  element: Record<string, unknown>;
  at: (string | number)[];
}

/** Sub-units and group parents of the extensions: each names an organisation by `id` and `org_nr`. */
function namedOrganisations(ext: Record<string, unknown>): Named[] {
  const out: Named[] = [];
  if (isObject(ext.subunits)) {
    for (const [org, list] of Object.entries(ext.subunits)) {
      if (!Array.isArray(list)) continue;
      list.forEach((element, i) => {
        if (isObject(element)) out.push({ element, at: ["subunits", org, i] });
      });
    }
  }
  if (isObject(ext.group_parent)) {
    for (const [org, element] of Object.entries(ext.group_parent)) {
      if (isObject(element)) out.push({ element, at: ["group_parent", org] });
    }
  }
  return out;
}

/**
 * `ext.ids_match_org_nr`: a sub-unit or group parent whose `id` is an organisation id (`cb:org:<9 digits>`)
 * refers to the organisation its `org_nr` names: the number in the id is its `org_nr` (Identifiers). An `id`
 * of another form is not judged: the Extensions table types it only as a string.
 */
export const extIdsMatchOrgNr: Check = {
  id: "ext.ids_match_org_nr",
  section: "Resources and their fields / Identifiers; Extensions",
  sentence: "Organisation id: `cb:org:<org_nr>`, where `org_nr` is exactly 9 digits.",
  level: "fail",
  appliesTo: (x) => isObject(extensions(x)?.subunits) || isObject(extensions(x)?.group_parent),
  run(x) {
    const ext = extensions(x);
    if (!isObject(ext)) return [];
    const out: CheckFailure[] = [];
    for (const { element, at } of namedOrganisations(ext)) {
      if (typeof element.id !== "string" || typeof element.org_nr !== "string") continue;
      const inId = orgNrOf(element.id);
      if (inId === undefined || inId === element.org_nr) continue;
      out.push(
        failure(extIdsMatchOrgNr, {
          title: `${at[0]} element: its id names another organisation than its org_nr`,
          pointer: pointer("data", "extensions", ...at, "id"),
          expected: show(`cb:org:${element.org_nr}`),
          received: show(element.id),
        }),
      );
    }
    return out;
  },
};
