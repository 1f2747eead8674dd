import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { isObject, pointer, show } from "./support/json.js";
import { extensions } from "./support/response.js";

/** `ext.subunits.parent_matches_key`: each sub-unit's `parent_org_nr` is the main unit it is listed under. */
export const extSubunitsParentMatchesKey: Check = {
  id: "ext.subunits.parent_matches_key",
  section: "Resources and their fields / Extensions",
  sentence: "`subunits`: Array per organisation of sub-units registered on the main unit.",
  level: "fail",
  appliesTo: (x) => isObject(extensions(x)?.subunits),
  run(x) {
    const byOrg = extensions(x)?.subunits;
    if (!isObject(byOrg)) return [];
    const out: CheckFailure[] = [];
    for (const [org, list] of Object.entries(byOrg)) {
      if (!Array.isArray(list)) continue;
      const i = list.findIndex(
        (s) => isObject(s) && typeof s.parent_org_nr === "string" && s.parent_org_nr !== org,
      );
      if (i < 0) continue;
      const sub = list[i] as Record<string, unknown>;
      out.push(
        failure(extSubunitsParentMatchesKey, {
          title: `a sub-unit listed under ${org} names another main unit`,
          pointer: pointer("data", "extensions", "subunits", org, i, "parent_org_nr"),
          expected: show(org),
          received: show(sub.parent_org_nr),
        }),
      );
    }
    return out;
  },
};
