/**
 * Verdicts on credits and on the key states a run can be given (`--team-api-key-env`,
 * `--revoked-api-key-env`, `--no-credits-api-key-env`): judged by the runner's paced sends and the `auth` suite.
 */
import { HARNESS_SECTION } from "../vocabulary/verdict.js";
import type { JudgedVerdict } from "./judged-verdict.js";

/** Credits (Errors 402; Limits 3) and key states (Authentication 3 and 5). */
export const CREDITS = {
  /** A 402 although the last balance the target reported covered the price of the call. */
  refusedWhileCovered: {
    id: "credits.refused_while_covered",
    section: "Errors",
    sentence: "402 | Available credits exhausted | `credits_exhausted`",
    level: "fail",
    judgedIn: ["src/runner/credits/judge-refusal.ts"],
  },
  /** The credit budget or the balance ran out: the checks that spend credits stop, unjudged. */
  creditsRanOut: {
    id: "credits.ran_out",
    section: HARNESS_SECTION,
    sentence:
      "The credit budget (--max-credits) or the key's balance ran out: the checks that need the influencer dataset were not all run (never a failure).",
    level: "inconclusive",
    judgedIn: ["src/runner/credits/judge-refusal.ts"],
  },
  /** A revoked key is refused with 401 `invalid_token` and the challenge, never served. */
  revokedKeyRefused: {
    id: "auth.revoked_key_401",
    section: "Authentication",
    sentence:
      "Missing, wrong or revoked credential: 401 with code authentication_required or invalid_token; the response carries header WWW-Authenticate (a bearer resource-metadata challenge).",
    level: "fail",
    judgedIn: ["src/runner/suites/key-states.ts"],
  },
  /** A team key's `/me` says `billed_to: team`. */
  teamBilledToTeam: {
    id: "auth.team_key_billed_to_team",
    section: "Endpoints / Other operations",
    sentence:
      "GET /me returns ... `credential` for the key used: `billed_to` (`personal` or `team`), `credits`, ...",
    level: "fail",
    judgedIn: ["src/runner/suites/key-states.ts"],
  },
  /** A team key draws on the team's balance; top-level `credits` stays the user's personal balance. */
  teamCreditSplit: {
    id: "auth.team_key_credit_split",
    section: "Authentication",
    sentence:
      "5. For a team key, the team's balance and limits apply; top-level `credits` in `/me` is the user's personal balance.",
    level: "fail",
    judgedIn: ["src/runner/suites/key-states.ts"],
  },
  /** A key without credits gets 402 on the influencer dataset. */
  noCreditsKeyRefused: {
    id: "auth.no_credits_key_402",
    section: "Errors",
    sentence: "402 | Available credits exhausted | `credits_exhausted`",
    level: "fail",
    judgedIn: ["src/runner/suites/key-states.ts"],
  },
} as const satisfies Record<string, JudgedVerdict>;
