import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { has, isObject, pointer } from "./support/json.js";
import { extensions } from "./support/response.js";

/** New sub-unit field name → legacy name delivered beside it until v2 (Extensions; Versioning). */
const LEGACY: [string, string][] = [
  ["nace_code", "industry_code"],
  ["nace_description", "industry_description"],
  ["address", "address_street"],
  ["postal_code", "address_postal_code"],
  ["city", "address_city"],
  ["municipality_code", "address_municipality_code"],
];

/**
 * `ext.subunits.legacy_names`: a sub-unit that carries a new field name also carries its legacy name. A
 * failure: Versioning states it without reserve ("are delivered alongside the new names until version 2").
 */
export const extSubunitsLegacyNames: Check = {
  id: "ext.subunits.legacy_names",
  section: "Versioning; Resources and their fields / Extensions",
  sentence:
    "Legacy sub-unit field names (`industry_code`, `industry_description`, `address_street`, `address_postal_code`, `address_city`, `address_municipality_code`) are delivered alongside the new names until version 2; new code uses the new names.",
  level: "fail",
  appliesTo: (x) => isObject(extensions(x)?.subunits),
  run(x) {
    const byOrg = extensions(x)?.subunits;
    if (!isObject(byOrg)) return [];
    for (const [org, list] of Object.entries(byOrg)) {
      if (!Array.isArray(list)) continue;
      for (let i = 0; i < list.length; i++) {
        const sub = list[i];
        if (!isObject(sub)) continue;
        const lacking = LEGACY.filter(([now, old]) => has(sub, now) && !has(sub, old)).map(([, old]) => old);
        if (lacking.length === 0) continue;
        return [
          failure(extSubunitsLegacyNames, {
            title: "sub-unit without its legacy field names",
            pointer: pointer("data", "extensions", "subunits", org, i),
            expected: `also ${lacking.join(", ")} (until v2)`,
            received: "only the new names",
          }),
        ];
      }
    }
    return [];
  },
};
