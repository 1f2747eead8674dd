import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { isObject, pointer, show } from "./support/json.js";
import { extensions, orgNrOf } from "./support/response.js";

/**
 * `ext.group_parent_above_company`: a `group_parent` is an owner above the organisation it is keyed by ("null
 * when no owner above the company is registered"; "the top owner in the ownership chain"), so its `org_nr` is
 * not that organisation's own, and an organisation `id` names the same `org_nr`. `depth` is not judged: whether
 * a direct owner is depth 0 or 1 is not shown.
 */
export const extGroupParentAboveCompany: Check = {
  id: "ext.group_parent_above_company",
  section: "Resources and their fields / Extensions",
  sentence:
    "`group_parent`: Per organisation: object with `id`, `org_nr`, `depth` (integer) required and `name` (string or null), or null when no owner above the company is registered. It is the top owner in the ownership chain found through the shareholder register.",
  level: "fail",
  appliesTo: (x) => isObject(extensions(x)?.group_parent),
  run(x) {
    const byOrg = extensions(x)?.group_parent;
    if (!isObject(byOrg)) return [];
    const out: CheckFailure[] = [];
    for (const [org, parent] of Object.entries(byOrg)) {
      if (!isObject(parent)) continue;
      const at = (field: string) => pointer("data", "extensions", "group_parent", org, field);
      if (parent.org_nr === org)
        out.push(
          failure(extGroupParentAboveCompany, {
            title: `the group_parent of ${org} is the organisation itself, not an owner above it`,
            pointer: at("org_nr"),
            expected: `an organisation number other than ${show(org)}, or group_parent null`,
            received: show(parent.org_nr),
          }),
        );
      const idNr = typeof parent.id === "string" ? orgNrOf(parent.id) : undefined;
      if (idNr !== undefined && typeof parent.org_nr === "string" && idNr !== parent.org_nr)
        out.push(
          failure(extGroupParentAboveCompany, {
            title: `the group_parent of ${org} names two organisations (id and org_nr differ)`,
            pointer: at("id"),
            expected: show(`cb:org:${parent.org_nr}`),
            received: show(parent.id),
          }),
        );
    }
    return out.slice(0, 5);
  },
};
