import type { Check, CheckFailure } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { objectAt, pointer } from "./support/json.js";
import { entityData, extensions } from "./support/response.js";

/**
 * `ext.only_requested`: extensions that were not named in `extend` (default empty) are not delivered.
 * The contract states the default, not that extra extensions are forbidden, so this is a warning.
 */
export const extOnlyRequested: Check = {
  id: "ext.only_requested",
  section: "Endpoints / GET /entities/{id}",
  sentence:
    "`extend` | query | JSON-encoded array | max 4; items from `financial_history`, `subunits`, `web_identities`, `group_parent`; default empty",
  level: "warn",
  appliesTo: (x) => entityData(x) !== undefined,
  run(x) {
    const wanted = new Set(requestView(x).extend);
    const out: CheckFailure[] = [];
    for (const name of Object.keys(extensions(x) ?? {})) {
      if (wanted.has(name)) continue;
      out.push(
        failure(extOnlyRequested, {
          title: `extension ${name} delivered without being requested`,
          pointer: pointer("data", "extensions", name),
          expected: `only ${wanted.size === 0 ? "no extensions" : [...wanted].join(", ")}`,
          received: name,
          severity: "warning",
        }),
      );
    }
    const cut = objectAt(entityData(x), "extensions_truncated");
    if (cut && !wanted.has("subunits"))
      out.push(
        failure(extOnlyRequested, {
          title: "extensions_truncated present without subunits requested",
          pointer: "/data/extensions_truncated",
          expected: "absent",
          received: "present",
          severity: "warning",
        }),
      );
    return out;
  },
};
