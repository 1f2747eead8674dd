/** Verdicts the runner itself records, beside the checks and the suites' own verdicts. */
import { HARNESS_SECTION } from "../vocabulary/verdict.js";
import type { JudgedVerdict } from "./judged-verdict.js";

/** The runner's verdicts (src/runner). */
export const RUNNER = {
  /** A complete response came: no timeout, reset, refusal or oversize body. */
  responseReceived: {
    id: "transport.response_received",
    section: "Endpoints",
    sentence: "Responses are JSON.",
    level: "fail",
    judgedIn: ["src/runner/judge-record.ts", "src/proxy/judge-server.ts"],
  },
  /** The main key must be served: a 401/402/403 on it stops the run and fails it. */
  mainKeyNotRefused: {
    id: "run.main_key_not_refused",
    section: "Authentication",
    sentence: "The client must stop and not retry with the same key.",
    level: "fail",
    judgedIn: ["src/runner/paced-send.ts"],
  },
  checkCrashed: {
    id: "harness.check_crashed",
    section: HARNESS_SECTION,
    sentence:
      "A check threw on an exchange: the tool failed, so that exchange is not judged (never a failure).",
    level: "inconclusive",
    judgedIn: ["src/runner/judge-record.ts"],
  },
  judgingUnfinished: {
    id: "harness.judging_unfinished",
    section: HARNESS_SECTION,
    sentence:
      "Judging on a worker thread did not finish: the deadline passed (run's --deadline-s, the stop of a proxy session), it needed more than the worker's memory limit, the worker died, or (proxy) judging fell behind the traffic or the response copy was cut (size cap, client gone) so only the client side was judged, so those exchanges have no verdict (never a pass).",
    level: "inconclusive",
    judgedIn: ["src/runner/judge-record.ts", "src/proxy/build-report.ts"],
  },
  suiteError: {
    id: "harness.suite_error",
    section: HARNESS_SECTION,
    sentence: "A suite ended early on an internal error: what it had not yet judged stays unjudged.",
    level: "inconclusive",
    judgedIn: ["src/runner/run-conformance.ts"],
  },
  /** `--fail-on-unexercised` / `--min-exercised N`: a rule of a selected suite that judged too little fails. */
  ruleUnexercised: {
    id: "run.rule_unexercised",
    section: HARNESS_SECTION,
    sentence:
      "With --fail-on-unexercised, a rule of a selected suite that judged no exchange fails the run (with --min-exercised N, one that judged fewer than N): a pass means little if the check never applied. Shards leave it to cbcheck merge, which judges the shards' coverage added up.",
    level: "fail",
    judgedIn: ["src/runner/coverage.ts", "src/runner/coverage-gate.ts"],
  },
} as const satisfies Record<string, JudgedVerdict>;
