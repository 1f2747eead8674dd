import type { Check, CheckFailure } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { isObject, pointer, show } from "./support/json.js";
import { extensions, orgNrOf } from "./support/response.js";

/**
 * `ext.keys_requested_orgs`: each extension is keyed by the organisation number of an organisation that was
 * asked for (Extensions). A sub-unit's main unit is fetched by the client, not added by the server.
 */
export const extKeysRequestedOrgs: Check = {
  id: "ext.keys_requested_orgs",
  section: "Resources and their fields / Extensions",
  sentence: "Extensions apply to the organisation asked for.",
  level: "fail",
  appliesTo: (x) => extensions(x) !== undefined && requestView(x).ids !== undefined,
  run(x) {
    const asked = new Set((requestView(x).ids ?? []).map(orgNrOf).filter((nr) => nr !== undefined));
    const out: CheckFailure[] = [];
    for (const [name, byOrg] of Object.entries(extensions(x) ?? {})) {
      if (!isObject(byOrg)) continue;
      const stray = Object.keys(byOrg).filter((org) => !asked.has(org));
      if (stray.length === 0) continue;
      out.push(
        failure(extKeysRequestedOrgs, {
          title: `${name} has entries for organisations that were not asked for`,
          pointer: pointer("data", "extensions", name, stray[0]),
          expected: `keys among ${show([...asked], 80)}`,
          received: show(stray, 80),
        }),
      );
    }
    return out;
  },
};
