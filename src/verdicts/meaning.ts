/**
 * Verdicts on what an operation means that one exchange cannot show: judged by the `schema` suite's meaning
 * steps (src/runner/suites/meaning.ts, judged in meaning-judges.ts), each from two calls whose answers the contract relates.
 */
import type { JudgedVerdict } from "./judged-verdict.js";

const STEPS = ["src/runner/suites/meaning-judges.ts"];

/**
 * Resolve by an exact identifier; a one-id batch against GET /entities/{id}; `cost.balance` against `/me`;
 * a sub-unit's main unit and a group parent, each fetched.
 */
export const MEANING = {
  /** Resolving a known organisation by its exact identifier finds it. */
  resolveExactIdentifier: {
    id: "resolve.exact_identifier_found",
    section: "Endpoints / GET /resolve",
    sentence:
      "Finds candidate nodes from an exact identifier or a name (companies, people, market entities, belief traditions, support facts, support schemes, scheme periods, public actors).",
    level: "fail",
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
  /**
   * Each node of a batch of two organisations is the node GET /entities/{id} gives for it, its signing-rights
   * fields set aside (they are carried only when exactly one organisation is requested).
   */
  batchNodesSameAsGet: {
    id: "entities.batch_nodes_same_as_get",
    section: "Endpoints / POST /entities/batch",
    sentence: "Same result as GET /entities/{id} for many ids; this is the main operation for integrations.",
    level: "fail",
    judgedIn: ["src/runner/suites/meaning-batch-nodes.ts"],
  },
  /** A resolve page that holds every candidate was not cut: `truncated` is false. */
  resolveTruncatedOnlyWhenCut: {
    id: "resolve.truncated_only_when_cut",
    section: "Resources and their fields / Response envelope",
    sentence: "`truncated` | boolean | true when output was cut",
    level: "fail",
    judgedIn: STEPS,
  },
  /**
   * A resolve page cut at the client's `limit` (a read at 50 showed more candidates) says `truncated` true: a
   * warning, since whether a cut at the limit the client asked for is "output was cut" reads both ways.
   */
  resolveTruncatedWhenLimitCuts: {
    id: "resolve.truncated_when_limit_cuts",
    section: "Resources and their fields / Response envelope",
    sentence: "`truncated` | boolean | true when output was cut",
    level: "warn",
    judgedIn: STEPS,
  },
  /** `cost.balance` is the balance the key used draws on: `/me` `credential.credits` around the call. */
  balanceMatchesMe: {
    id: "cost.balance_matches_me",
    section: "Authentication",
    sentence:
      "5. For a team key, the team's balance and limits apply; top-level `credits` in `/me` is the user's personal balance.",
    level: "fail",
    judgedIn: ["src/runner/suites/meaning-balance.ts", "src/runner/suites/key-states.ts"],
  },
  /**
   * The counts `/me` shows as `used` count a basic read made between two readings: a warning, since the shape of
   * `used` is not shown and metering may settle after the answer.
   */
  usedCountsCall: {
    id: "me.used_counts_call",
    section: "Limits / Rules 4",
    sentence:
      "4. Day and month counters reset in UTC; `/me` shows used counts, limits and reset times for the credential.",
    level: "warn",
    judgedIn: ["src/runner/suites/meaning-used.ts"],
  },
  /** A sub-unit's `parent_org_nr`, fetched, is a main unit whose sub-unit list holds the sub-unit. */
  subunitParentIsMainUnit: {
    id: "org.parent_org_nr_main_unit",
    section: "Resources and their fields / Payload of `org`",
    sentence:
      "Identity: … `entity_type` (string: `hovedenhet` = main unit, or `underenhet` = sub-unit), `parent_org_nr` (string; main unit of a sub-unit)",
    level: "fail",
    judgedIn: ["src/runner/suites/meaning-links.ts"],
  },
  /** A `group_parent`, fetched, has no owner above it: it is the top of the chain. */
  groupParentIsTop: {
    id: "ext.group_parent_top_owner",
    section: "Resources and their fields / Extensions",
    sentence:
      "`group_parent`: … or null when no owner above the company is registered. It is the top owner in the ownership chain found through the shareholder register.",
    level: "fail",
    judgedIn: ["src/runner/suites/meaning-links.ts"],
  },
} as const satisfies Record<string, JudgedVerdict>;
