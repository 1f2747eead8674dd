import type { Check, CheckFailure } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { isObject, pointer } from "./support/json.js";
import { extensions } from "./support/response.js";

/**
 * The sub-unit cap for this request: 1000 when exactly one id is requested, 50 otherwise (Extensions).
 * Reading: a batch whose ids are one distinct id counts as "exactly one id", so 1000 is allowed there too.
 */
function subunitCap(ids: string[] | undefined): number {
  if (ids === undefined) return 1000;
  return new Set(ids).size === 1 ? 1000 : 50;
}

/** `ext.subunits.cap`: at most 50 sub-units per organisation in a batch, 1000 for a single id (Extensions). */
export const extSubunitsCap: Check = {
  id: "ext.subunits.cap",
  section: "Resources and their fields / Extensions; Limits",
  sentence: "`subunits`: Max 50 per organisation in a batch; max 1000 when exactly one id is requested.",
  level: "fail",
  appliesTo: (x) => isObject(extensions(x)?.subunits),
  run(x) {
    const byOrg = extensions(x)?.subunits;
    if (!isObject(byOrg)) return [];
    const cap = subunitCap(requestView(x).ids);
    const out: CheckFailure[] = [];
    for (const [org, list] of Object.entries(byOrg)) {
      if (!Array.isArray(list) || list.length <= cap) continue;
      out.push(
        failure(extSubunitsCap, {
          title: `${list.length} sub-units for ${org}`,
          pointer: pointer("data", "extensions", "subunits", org),
          expected: `at most ${cap} (${cap === 50 ? "more than one id requested" : "one id requested"})`,
          received: `${list.length} sub-units`,
        }),
      );
    }
    return out;
  },
};
