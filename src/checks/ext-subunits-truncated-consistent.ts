import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { arrayAt, objectAt, pointer, show } from "./support/json.js";
import { entityData, extensions } from "./support/response.js";

/**
 * `ext.subunits.truncated_consistent`: `extensions_truncated.subunits` names organisations whose sub-unit
 * list is in the response ("whose sub-unit list was cut": a list that was cut was delivered). Nothing else is
 * judged: the contract does not say the numbers are distinct, nor that a list is cut only at its cap.
 */
export const extSubunitsTruncatedConsistent: Check = {
  id: "ext.subunits.truncated_consistent",
  section: "Resources and their fields / Extensions",
  sentence:
    "`data.extensions_truncated.subunits`: array (max 100) of 9-digit organisation numbers whose sub-unit list was cut.",
  level: "fail",
  appliesTo: (x) => Array.isArray(objectAt(entityData(x), "extensions_truncated")?.subunits),
  run(x) {
    const listed = arrayAt(objectAt(entityData(x), "extensions_truncated"), "subunits") ?? [];
    const lists = objectAt(extensions(x), "subunits");
    const out: CheckFailure[] = [];
    listed.forEach((org, i) => {
      if (typeof org === "string" && arrayAt(lists, org)) return;
      out.push(
        failure(extSubunitsTruncatedConsistent, {
          title: "truncated sub-unit list is not in data.extensions.subunits",
          pointer: pointer("data", "extensions_truncated", "subunits", i),
          expected: `data.extensions.subunits[${show(org)}] present`,
          received: "no sub-unit list for that organisation",
        }),
      );
    });
    return out;
  },
};
