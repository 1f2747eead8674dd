/** Verdicts of `cbcheck compare`: a candidate release against the base one, request by request. */
import type { JudgedVerdict } from "./judged-verdict.js";

const SENTENCE = "Contract identifier in every data response: `cb/v1`.";
const FILES = ["src/runner/compare/build-compare-report.ts"];

/** What `compare` reports per operation. */
export const COMPARE = {
  noBreakingChange: {
    id: "compare.no_breaking_change",
    section: "Versioning",
    sentence: `${SENTENCE} A release that still says cb/v1 answers every request as the base did: same status and error code, no field removed or retyped, no fewer ids delivered, no check that passed on the base failing.`,
    level: "fail",
    judgedIn: FILES,
  },
  additiveChange: {
    id: "compare.additive_change",
    section: "Versioning",
    sentence:
      "Harness: a field or item the candidate adds that the contract allows (the candidate's responses still pass every check); listed, never a failure.",
    level: "warn",
    judgedIn: FILES,
  },
  dataChange: {
    id: "compare.data_change",
    section: "Versioning",
    sentence:
      "Harness: values that legitimately differ between snapshots (request_id, as_of, balances, values of the data); listed, never a failure.",
    level: "warn",
    judgedIn: FILES,
  },
} as const satisfies Record<string, JudgedVerdict>;
