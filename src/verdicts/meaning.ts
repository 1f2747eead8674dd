/**
 * Verdicts on what an operation means that one exchange cannot show: judged by the `schema` suite's meaning
 * steps (src/runner/suites/meaning.ts, judged in meaning-judges.ts), each from two calls whose answers the contract relates.
 */
import type { JudgedVerdict } from "./judged-verdict.js";

const STEPS = ["src/runner/suites/meaning-judges.ts"];

/** Resolve by an exact identifier; a one-id batch against GET /entities/{id}. */
export const MEANING = {
  /** Resolving a known organisation by its exact identifier finds it. */
  resolveExactIdentifier: {
    id: "resolve.exact_identifier_found",
    section: "Endpoints / GET /resolve",
    sentence:
      "Finds candidate nodes from an exact identifier or a name (companies, people, market entities, belief traditions, support facts, support schemes, scheme periods, public actors).",
    level: "warn",
    judgedIn: STEPS,
  },
  /** A batch of one id gives the same `data` as GET /entities/{id} for it. */
  batchSameAsGet: {
    id: "entities.batch_same_as_get",
    section: "Endpoints / POST /entities/batch",
    sentence: "Same result as GET /entities/{id} for many ids; this is the main operation for integrations.",
    level: "fail",
    judgedIn: STEPS,
  },
} as const satisfies Record<string, JudgedVerdict>;
