import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { arrayAt, objectAt, pointer, show } from "./support/json.js";
import { entityData, extensions } from "./support/response.js";

/**
 * `ext.subunits.truncated_consistent`: `extensions_truncated.subunits` names organisations whose sub-unit
 * list is in the response (error otherwise), each once; a list cut below 50 entries is odd (warning), since
 * the contract gives no reason to cut other than the caps.
 */
export const extSubunitsTruncatedConsistent: Check = {
  id: "ext.subunits.truncated_consistent",
  section: "Resources and their fields / Extensions",
  sentence:
    "`data.extensions_truncated.subunits`: array (max 100) of 9-digit organisation numbers whose sub-unit list was cut.",
  level: "fail or warn",
  appliesTo: (x) => Array.isArray(objectAt(entityData(x), "extensions_truncated")?.subunits),
  run(x) {
    const listed = arrayAt(objectAt(entityData(x), "extensions_truncated"), "subunits") ?? [];
    const lists = objectAt(extensions(x), "subunits");
    const out: CheckFailure[] = [];
    const seen = new Set<unknown>();
    listed.forEach((org, i) => {
      const at = pointer("data", "extensions_truncated", "subunits", i);
      if (seen.has(org)) {
        out.push(
          failure(extSubunitsTruncatedConsistent, {
            title: "organisation listed twice as truncated",
            pointer: at,
            received: show(org),
            severity: "warning",
          }),
        );
        return;
      }
      seen.add(org);
      const list = typeof org === "string" ? arrayAt(lists, org) : undefined;
      if (!list) {
        out.push(
          failure(extSubunitsTruncatedConsistent, {
            title: "truncated sub-unit list is not in data.extensions.subunits",
            pointer: at,
            expected: `data.extensions.subunits[${show(org)}] present`,
            received: "no sub-unit list for that organisation",
          }),
        );
      } else if (list.length < 50) {
        out.push(
          failure(extSubunitsTruncatedConsistent, {
            title: `sub-unit list of ${String(org)} marked as cut with only ${list.length} entries`,
            pointer: at,
            expected: "a list cut at its cap (50, or 1000 for a single id)",
            received: `${list.length} entries`,
            severity: "warning",
          }),
        );
      }
    });
    return out;
  },
};
