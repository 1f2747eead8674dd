/**
 * The three oracles of the input space (docs/generation.md), one per class the request schemas give a
 * request (contract/request-class.ts), as Schemathesis has `positive_data_acceptance`,
 * `negative_data_rejection` and `not_a_server_error`: judged by the `schema` suite (valid and open requests,
 * coverage phase and random phase) and the `negative` suite (invalid requests) with the judges of
 * src/runner/suites/input-oracles.ts. Every class: no 5xx but 503, every error body the contract's.
 */
import type { JudgedVerdict } from "./judged-verdict.js";

/** Valid, invalid and open requests. */
export const INPUT = {
  /** A request within every stated rule gets the contract's answer for it. */
  validAccepted: {
    id: "input.valid_accepted",
    section: "Endpoints; Errors",
    sentence:
      "Response 200: envelope … Ids that do not exist appear in `coverage.missing`, not as an error. (A request within every rule the contract states gets 200, or an answer of the Errors table that does not depend on the request: 402, 403, 429, 503.)",
    level: "fail",
    judgedIn: ["src/runner/suites/schema.ts", "src/runner/suites/schema-rules.ts"],
  },
  /** A request that breaks one stated rule is refused. */
  invalidRejected: {
    id: "input.invalid_rejected",
    section: "Errors; Endpoints / POST /entities/batch",
    sentence:
      "400 | Invalid bounded arguments or query (too many ids, unknown extension, wrong format) | `invalid_arguments` | Fix the request; do not retry unchanged. Request bodies above the operation limit give 413.",
    level: "fail",
    judgedIn: ["src/runner/suites/negative.ts"],
  },
  /** A request outside what the contract states, not forbidden by it, gets a bounded answer in its shapes. */
  openBounded: {
    id: "input.open_bounded",
    section: "Errors; Resources and their fields / Error body",
    sentence:
      "Status codes listed for the operations … Error body (all error statuses): Object `error` with `code`. (A request the contract neither allows nor forbids may be served, 200, or refused, 400 with the error body; never a server error or no answer.)",
    level: "fail",
    judgedIn: ["src/runner/suites/schema.ts"],
  },
} as const satisfies Record<string, JudgedVerdict>;
