/**
 * What each certification scenario proves, by name in run order: for `cbcheck certify-client --help` and the
 * reports. Apart from the scenarios' data (scenarios.ts), which reads the extension names from the schemas, so
 * that the help does not load them.
 */

/** Existing organisation ids most scenarios give the client. */
export const SCENARIO_IDS = 130;

/** Scenario name → what it proves, in the order the scenarios run. */
export const SCENARIO_DESCRIPTIONS = {
  happy: `${SCENARIO_IDS} ids with all four extensions, no faults`,
  "rate-limited": "429 volume_limit with Retry-After: 1 on the second batch call",
  unavailable: "503 data_unavailable once, on the second batch call",
  unauthorized: "401 invalid_token on the first call of any kind (and every call after it)",
  "credits-exhausted": "402 credits_exhausted from the second batch call on",
  "plan-required": "403 plan_required (with required_tier and upgrade_url) on every batch call",
  "bad-request": "400 invalid_arguments for the second batch call",
  "missing-ids": "120 existing and 10 unknown ids, no extensions (CB_EXTEND is [])",
  "long-retry-after":
    "429 volume_limit on the second batch call with a Retry-After beyond the timeout (a daily limit)",
} as const;
