import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { arrayAt, objectAt } from "./support/json.js";
import { entityData, okEnvelope } from "./support/response.js";

/**
 * `envelope.truncated_when_cut`: when a sub-unit list was cut (`extensions_truncated.subunits` non-empty),
 * `truncated` is true. Whether a per-extension cut counts as "output was cut" is a reading, so a warning.
 */
export const envelopeTruncatedWhenCut: Check = {
  id: "envelope.truncated_when_cut",
  section: "Resources and their fields / Response envelope",
  sentence: "`truncated` | boolean | true when output was cut",
  level: "warn",
  appliesTo: (x) => entityData(x) !== undefined,
  run(x) {
    const cut = arrayAt(objectAt(entityData(x), "extensions_truncated"), "subunits") ?? [];
    if (cut.length === 0 || okEnvelope(x)?.truncated !== false) return [];
    return [
      failure(envelopeTruncatedWhenCut, {
        title: "sub-unit lists were cut but truncated is false",
        pointer: "/truncated",
        expected: "true (extensions_truncated.subunits is not empty)",
        received: "false",
        severity: "warning",
      }),
    ];
  },
};
