import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { show } from "./support/json.js";
import { okEnvelope } from "./support/response.js";

/** `envelope.evidence_empty`: the envelope `evidence` array is always empty (Resources / Response envelope). */
export const envelopeEvidenceEmpty: Check = {
  id: "envelope.evidence_empty",
  section: "Resources and their fields / Response envelope",
  sentence: "`evidence` | array | always empty",
  level: "fail",
  appliesTo: (x) => okEnvelope(x) !== undefined,
  run(x) {
    const evidence = okEnvelope(x)?.evidence;
    if (!Array.isArray(evidence) || evidence.length === 0) return [];
    return [
      failure(envelopeEvidenceEmpty, {
        title: "evidence is not empty",
        pointer: "/evidence",
        expected: "[]",
        received: show(evidence),
      }),
    ];
  },
};
