import type { Check, CheckFailure } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { arrayAt, has, isObject, pointer, show } from "./support/json.js";
import { entityData, orgNrOf } from "./support/response.js";

const SIGNING = ["signature_text", "procuration_text", "signature_status", "procuration_status"];

/**
 * `org.signature_only_single`: signing-rights fields appear only when exactly one organisation is requested
 * (Payload of `org`). Readings: "one organisation" counts distinct org ids asked for, so one org plus other
 * node types, or a repeated id, is still one (a warning when other ids were asked too); a field present
 * with value null is "carried" only under a strict reading, so it is a warning.
 */
export const orgSignatureOnlySingle: Check = {
  id: "org.signature_only_single",
  section: "Resources and their fields / Payload of `org`",
  sentence:
    "Rule: `signature_text`/`procuration_text` and their statuses are carried only when exactly one organisation is requested.",
  level: "fail or warn",
  appliesTo: (x) => entityData(x) !== undefined && requestView(x).ids !== undefined,
  run(x) {
    const ids = requestView(x).ids ?? [];
    const orgs = new Set(ids.filter((id) => orgNrOf(id) !== undefined));
    if (orgs.size === 1 && new Set(ids).size === 1) return [];
    const out: CheckFailure[] = [];
    (arrayAt(entityData(x), "entities") ?? []).forEach((node, i) => {
      if (!isObject(node) || node.type !== "org" || !isObject(node.payload)) return;
      const payload = node.payload;
      for (const field of SIGNING) {
        if (!has(payload, field)) continue;
        const soft = orgs.size === 1 || payload[field] === null;
        out.push(
          failure(orgSignatureOnlySingle, {
            title: `${field} carried when ${orgs.size} organisations (${ids.length} ids) were requested`,
            pointer: pointer("data", "entities", i, "payload", field),
            expected: "absent unless exactly one organisation is requested",
            received: show(payload[field], 60),
            severity: soft ? "warning" : "error",
          }),
        );
      }
    });
    return out;
  },
};
