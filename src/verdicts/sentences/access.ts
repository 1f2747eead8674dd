/** Rules of "Authentication", "Events" and "Errors". */
import { type ContractSentence, NOT_SHOWN } from "./sentence.js";

const AU = "Authentication";
const ER = "Errors";

/** Rules of these sections. */
export const ACCESS_SENTENCES: ContractSentence[] = [
  {
    section: AU,
    sentence:
      "1. Every operation uses HTTP bearer authentication: header `Authorization: Bearer <API_KEY>` where the credential is a personal API key or an OAuth 2.0 access token.",
    suites: ["auth"],
    checks: ["auth.www_authenticate_on_401"],
  },
  {
    section: AU,
    sentence:
      "2. A key is created by the account owner in the account's agent-access section; for a member of a Business Plus team, the team can be chosen as the balance to draw credits from.",
    notCheckable: "key creation happens in the account UI, outside the API",
  },
  {
    section: AU,
    sentence:
      "3. Missing, wrong or revoked credential: `401` with code `authentication_required` or `invalid_token`",
    checks: ["error.code_for_status"],
    suites: ["auth"],
    reading:
      "a revoked key (`--revoked-api-key-env`) may get either code; it must never be served (`auth.revoked_key_401`); without the key, skipped",
  },
  {
    section: AU,
    sentence: "3. the response carries header `WWW-Authenticate` (a bearer resource-metadata challenge).",
    checks: ["auth.www_authenticate_on_401"],
    reading:
      'scheme Bearer with the `resource_metadata` parameter required: that parameter is what makes a challenge a resource-metadata challenge (RFC 9728 §5.1), so a Bearer challenge without it fails, as does one whose value is not an absolute http(s) URL ("the URL of the protected resource metadata")',
  },
  {
    section: AU,
    sentence: "3. The client must stop and not retry with the same key.",
    client: "certify-client: no call with the same key after a 401",
  },
  {
    section: AU,
    sentence: "4. Plan, scope, dataset access, account access or spend authorization missing: `403`.",
    checks: ["error.code_for_status"],
    reading: "any code is accepted on 403; only `plan_required` has a shown code",
  },
  {
    section: AU,
    sentence: "4. Plan missing: code `plan_required`, with `required_tier` and `upgrade_url`.",
    checks: ["error.plan_required_fields"],
    reading:
      "both must be strings; tier names are not shown, so any non-blank `required_tier` passes and a blank one (it names no tier) is a warning",
  },
  {
    section: AU,
    sentence: "4. The `influencer` dataset requires Plus.",
    suites: ["auth"],
    reading:
      "judged by `auth.influencer_requires_plus` from both sides: with a free key (`--free-api-key-env`) an influencer read is refused with 403 `plan_required`, and with the main (Plus) key and credits allowed it is served (200); a plan is not visible in responses otherwise, so without these keys the row is skipped",
  },
  {
    section: AU,
    sentence:
      "5. For a team key, the team's balance and limits apply; top-level `credits` in `/me` is the user's personal balance.",
    checks: ["me.personal_key_personal_balance"],
    suites: ["auth", "schema"],
    reading:
      "with a team key (`--team-api-key-env`) and credits allowed: one influencer read must lower `/me` `credential.credits` by at least its charge (others on the team may spend too) and leave top-level `credits` unchanged (`auth.team_key_credit_split`); without the key, skipped. The `cost.balance` of a call is the balance the key used draws on, which `/me` shows as `credential.credits` (\"`credential` for the key used\"; for a team key the team's, not the personal `credits`): `/me`, one basic read and `/me` again, with the main key and with a team key when given, must show `cost.balance` equal to `credential.credits` before the call or after its own charge, to a hundredth of a credit (`cost.balance_matches_me`); when the balance moved between the two `/me` readings (other clients, a top-up) any value between them passes and others are not judged. The team key's influencer read (the credit split above) is judged the same way, with no call more: its `cost.balance` must be the team balance before the read or after its charge (a read that charges is where a balance reported plus its charge shows). A `/me` whose `credential.billed_to` is `personal` shows one balance twice: `credential.credits` (the balance the key draws on) and top-level `credits` (\"the user's personal balance\") must agree to a hundredth of a credit (`me.personal_key_personal_balance`, one answer, so nothing can move between them); a team key's credential is not compared",
  },
  {
    section: AU,
    sentence:
      "6. Keys belong in server-side secret configuration only, never in source code, logs, browser code or chat.",
    notCheckable:
      "keys belong in server-side secret configuration: where a key is stored is not visible from outside",
  },
  {
    section: AU,
    sentence: "6. Rotating or creating credentials to get around limits is forbidden.",
    notCheckable: "key creation is not visible through the API",
  },
  {
    section: AU,
    sentence: "7. Token issuing endpoints and OAuth flows: not shown.",
    notCheckable: NOT_SHOWN,
  },
  { section: "Events", sentence: "Events, webhooks and callbacks: not shown.", notCheckable: NOT_SHOWN },
  {
    section: ER,
    sentence:
      "400 | Invalid bounded arguments or query (too many ids, unknown extension, wrong format) | `invalid_arguments`",
    checks: ["error.code_for_status", "request.invalid_arguments_rejected"],
    suites: ["negative", "schema"],
    reading:
      '"Known code(s)": another code on 400/402/429/503 is a warning. A request that breaks a rule the contract states is refused with 400 `invalid_arguments` (`input.invalid_rejected`); one outside what it states but not forbidden (a repeated item, blank or control text, an id of no node, a cursor not handed out: docs/generation.md) may be served or refused with 400 and the error body (`input.open_bounded`)',
  },
  {
    section: ER,
    sentence: "400 client action: Fix the request; do not retry unchanged",
    client: "certify-client: no identical request after a 400",
  },
  {
    section: ER,
    sentence:
      "401 | Authentication required or token invalid | `authentication_required`, `invalid_token` | Stop",
    checks: ["error.code_for_status"],
    client: "certify-client: stop after 401",
  },
  {
    section: ER,
    sentence: "402 | Available credits exhausted | `credits_exhausted`",
    checks: ["error.code_for_status"],
    suites: ["auth"],
    reading:
      "a 402 on a credit call fails only when the last balance the target reported (`/me` `credential.credits`, `cost.balance`) covered its price (`credits.refused_while_covered`); otherwise credits ran out and the credit checks end inconclusive (`credits.ran_out`). A key without credits (`--no-credits-api-key-env`) must get 402 on the influencer dataset (`auth.no_credits_key_402`)",
  },
  {
    section: ER,
    sentence: "402 client action: Stop until the next month or until the balance is raised",
    client: "certify-client: stop after 402",
  },
  {
    section: ER,
    sentence:
      "403 | Plan (REST requires Plus), scope, dataset access, account access or spend authorization missing | `plan_required` (with `required_tier`, `upgrade_url`)",
    checks: ["error.code_for_status", "error.plan_required_fields"],
  },
  {
    section: ER,
    sentence: "403 client action: Stop and tell the account owner",
    client: "certify-client: stop after 403",
  },
  {
    section: ER,
    sentence:
      "404 Route or owner-scoped resource not found; 405 Method not supported; 409 idempotency key conflict; 413 body too large — code: not stated",
    checks: ["http.error_body_on_error_status", "http.allow_on_405"],
    reading:
      "only the error body shape applies and no code is required; a 405 without `Allow` is a warning (RFC 9110 §15.5.6 requires it, the contract does not restate it; a failure under `--strict`)",
  },
  {
    section: ER,
    sentence:
      "429 | Shared account volume or expense limit reached; header `Retry-After` (seconds) | `volume_limit`, `expense_limit`",
    checks: ["rate.retry_after_on_429", "error.code_for_status"],
    suites: ["rate-limit"],
    reading: "`Retry-After` must be whole seconds >= 1; an HTTP-date is not seconds",
  },
  {
    section: ER,
    sentence: "429 client action: Wait at least `Retry-After` seconds, then continue",
    client: "certify-client: the next call starts no earlier than Retry-After seconds after the 429",
  },
  {
    section: ER,
    sentence:
      "503 | Data, durable metering or verified execution profile unavailable | `data_unavailable`, `metering_unavailable`",
    checks: ["error.code_for_status"],
  },
  {
    section: ER,
    sentence: "503 client action: Retry later with the same request",
    client: "certify-client: the retry after a 503 is the same request, later",
  },
  {
    section: ER,
    sentence: "Error body shape is given under Resources. Codes for 404, 405, 409 and 413: not shown.",
    checks: ["response.schema"],
    reading: "no code is required for these statuses",
  },
  { section: ER, sentence: "How an idempotency key is supplied: not shown.", notCheckable: NOT_SHOWN },
  {
    section: ER,
    sentence: "An id that does not exist is reported in `coverage.missing` with status 200, not as an error.",
    checks: ["coverage.requested_returned_or_missing"],
  },
];
