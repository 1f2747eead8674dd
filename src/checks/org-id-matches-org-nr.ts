import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { arrayAt, isObject, pointer, show } from "./support/json.js";
import { entityData, orgNrOf } from "./support/response.js";

/** `org.id_matches_org_nr`: an org node's `payload.org_nr`, when given, is the number in its id (Identifiers). */
export const orgIdMatchesOrgNr: Check = {
  id: "org.id_matches_org_nr",
  section: "Resources and their fields / Identifiers",
  sentence: "Organisation id: `cb:org:<org_nr>`, where `org_nr` is exactly 9 digits.",
  level: "fail",
  appliesTo: (x) => entityData(x) !== undefined,
  run(x) {
    const out: CheckFailure[] = [];
    (arrayAt(entityData(x), "entities") ?? []).forEach((node, i) => {
      if (!isObject(node) || node.type !== "org" || typeof node.id !== "string" || !isObject(node.payload))
        return;
      const nr = node.payload.org_nr;
      if (typeof nr !== "string" || orgNrOf(node.id) === nr) return;
      out.push(
        failure(orgIdMatchesOrgNr, {
          title: "payload.org_nr differs from the organisation number in the node id",
          pointer: pointer("data", "entities", i, "payload", "org_nr"),
          expected: show(orgNrOf(node.id) ?? node.id.slice(7)),
          received: show(nr),
        }),
      );
    });
    return out;
  },
};
