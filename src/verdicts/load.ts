/**
 * Verdicts of `cbcheck load` beyond the checks it runs on every response: the expectations of a profile's
 * mix, and its budgets. Budgets are the team's release gate, not contract sentences (the contract gives no
 * latency figures), so they are `harness` verdicts.
 */
import { HARNESS_SECTION } from "../vocabulary/verdict.js";
import type { JudgedVerdict } from "./judged-verdict.js";

/** The load verdicts. */
export const LOAD = {
  expectedStatus: {
    id: "load.expected_status",
    section: "Errors",
    sentence: "Status codes listed for the operations (the profile names the statuses each request must get)",
    level: "fail",
    judgedIn: ["src/load/judge-response.ts"],
  },
  expectedCode: {
    id: "load.expected_code",
    section: "Errors",
    sentence:
      "Error body: `code` (string, required, stable machine-readable) — one of the profile's expected codes",
    level: "fail",
    judgedIn: ["src/load/judge-response.ts"],
  },
  responseChecks: {
    id: "load.response_checks",
    section: "Resources and their fields",
    sentence: "Every response under load passes the check catalogue (schemas and semantic checks)",
    level: "fail",
    judgedIn: ["src/load/judge-response.ts"],
  },
  throttledWellFormed: {
    id: "load.throttled_well_formed",
    section: "Errors",
    sentence:
      "429 | Shared account volume or expense limit reached; header `Retry-After` (seconds) | `volume_limit`, `expense_limit` (outside the rate-limit profile a 429 is an allowed answer, counted as throttled)",
    level: "fail",
    judgedIn: ["src/load/judge-response.ts"],
  },
  latencyBudget: {
    id: "load.latency_budget",
    section: HARNESS_SECTION,
    sentence: "Latency per operation stays inside the profile's budget",
    level: "fail",
    judgedIn: ["src/load/judge-budgets.ts"],
  },
  errorRate: {
    id: "load.error_rate",
    section: HARNESS_SECTION,
    sentence:
      "Share of responses that break an expectation or check (plus transport errors) stays inside the budget",
    level: "fail",
    judgedIn: ["src/load/judge-budgets.ts"],
  },
  minThroughput: {
    id: "load.min_throughput",
    section: HARNESS_SECTION,
    sentence: "Requests per second over the run reach the profile's minimum",
    level: "fail",
    judgedIn: ["src/load/judge-budgets.ts"],
  },
} as const satisfies Record<string, JudgedVerdict>;
