/**
 * Verdicts of the rate limit (Limits: "Calls per minute | 120"; Errors: 429 with `Retry-After` seconds,
 * "Wait at least Retry-After seconds, then continue"), judged by the `rate-limit` suite of `run` (sequential
 * calls) and the `rate-limit` profile of `load` (a concurrent burst).
 */
import type { JudgedVerdict } from "./judged-verdict.js";

/** The rate-limit verdicts. */
export const RATE = {
  limitEnforced: {
    id: "rate.limit_enforced",
    section: "Limits",
    sentence: "Calls per minute | 120 | Plus accounts (a burst past the limit meets 429)",
    level: "fail",
    judgedIn: ["src/runner/suites/rate-limit.ts", "src/load/scenario-rate-limit.ts"],
  },
  volumeLimit429: {
    id: "rate.volume_limit_429",
    section: "Errors",
    sentence:
      "429 | Shared account volume or expense limit reached; header Retry-After (seconds) | volume_limit, expense_limit",
    level: "fail",
    judgedIn: ["src/runner/suites/rate-limit.ts"],
  },
  retryAfterWholeSeconds: {
    id: "rate.retry_after_whole_seconds",
    section: "Errors",
    sentence: "429 ... header Retry-After (seconds); Wait at least Retry-After seconds, then continue.",
    level: "fail",
    judgedIn: ["src/runner/suites/rate-limit.ts"],
  },
  windowHolds: {
    id: "rate.window_holds",
    section: "Limits",
    sentence: "Calls per minute | 120 | Plus accounts (no window holds more 2xx than the limit)",
    level: "fail",
    judgedIn: ["src/load/scenario-rate-limit.ts"],
  },
  recoversAfterRetryAfter: {
    id: "rate.recovers_after_retry_after",
    section: "Errors",
    sentence:
      "429 … Wait at least `Retry-After` seconds, then continue (after waiting, calls are served again)",
    level: "fail",
    judgedIn: ["src/runner/suites/rate-limit.ts", "src/load/scenario-rate-limit.ts"],
  },
} as const satisfies Record<string, JudgedVerdict>;
