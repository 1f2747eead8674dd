/** Rules of "Node", "Payload of `org`" and "Payloads of other node types". */
import { at, type ContractSentence, NOT_SHOWN } from "./sentence.js";

const N = "Resources and their fields / Node";
const O = "Resources and their fields / Payload of `org`";
const P = "Resources and their fields / Payloads of other node types";
const org = (...fields: string[]) => fields.map((f) => at("org-payload", `/properties/${f}`));
const payload = (type: string) => [at("node", `/$defs/${type}-payload`)];

/** Rules of these sections. */
export const NODE_SENTENCES: ContractSentence[] = [
  { section: N, sentence: "`id` | string | required", schema: [at("node", "/$defs/org-node/properties/id")] },
  {
    section: N,
    sentence: "`type` | string | required; one of the node types below",
    schema: [at("node", "/oneOf")],
  },
  {
    section: N,
    sentence: "`name` | string or null | required",
    schema: [at("node", "/$defs/org-node/properties/name")],
  },
  {
    section: N,
    sentence: "`payload` | object | required; per type below",
    schema: [at("node", "/$defs/org-node/properties/payload")],
  },
  {
    section: N,
    sentence:
      "`active_predicates` | object: predicate name to integer >= 0 | optional; lists which relations exist and how many",
    schema: [at("node", "/$defs/active-predicates")],
    checks: ["edges.within_active_predicates", "edges.page_cut_declared"],
    reading:
      "the direction a count covers (outgoing, incoming or both) is not stated, so every reading is accepted: a page delivering more edges of a predicate touching a node than it counts is an error only when both its outgoing and its incoming edges exceed the count, a warning when one reading still fits or the predicate is not listed; fewer delivered than counted is a cut page (`edges.page_cut_declared`)",
  },
  {
    section: N,
    sentence:
      "Node types on resolve: `org`, `person`, `property`, `entity`, `belief_tradition`, `support_fact`, `support_scheme`, `support_scheme_period`, `public_actor`, `state_finance_node`.",
    schema: [at("resolve-candidate", "/properties/type")],
  },
  {
    section: N,
    sentence:
      "Entity reads may also return `building`, `address`, `identity`, `group`, `party`, `tender`, `article`, `ip`, `license`.",
    schema: [at("node", "/oneOf")],
  },
  {
    section: O,
    sentence: "All fields optional, additional fields forbidden. Nullable unless noted.",
    schema: [at("org-payload", "/additionalProperties")],
  },
  {
    section: O,
    sentence:
      "Identity: `org_nr`, `name`, `org_form`, `org_form_description`, `entity_type` (`hovedenhet` = main unit, or `underenhet` = sub-unit), `parent_org_nr`",
    schema: org("org_nr", "name", "org_form", "org_form_description", "entity_type", "parent_org_nr"),
    checks: ["org.id_matches_org_nr"],
    suites: ["schema"],
    reading:
      "`parent_org_nr` names the main unit of a sub-unit: the fixture sub-units are read, and up to three of the main units they name are fetched (one id, `extend` `subunits`): a sub-unit naming itself, a main unit whose `entity_type` is `underenhet`, or a main unit whose whole sub-unit list leaves the sub-unit out fails `org.parent_org_nr_main_unit`. Not judged: a main unit the data lacks (`coverage.missing`), a list cut at its cap or listed in `extensions_truncated`, a deleted sub-unit (`is_deleted` true: it may have left the list) and reads of different snapshots (`as_of`); a main unit without `entity_type` is unknown, not wrong",
  },
  {
    section: O,
    sentence:
      "Industry: `nace_code`, `nace_description`, `secondary_nace_code`, `secondary_nace_description`, `sector_code` (strings)",
    schema: org("nace_code", "secondary_nace_code", "sector_code"),
  },
  {
    section: O,
    sentence: "Business address and postal address fields (strings)",
    schema: org("address", "postal_code", "city", "municipality", "municipality_code", "postal_address"),
  },
  {
    section: O,
    sentence: "Position: `latitude`, `longitude` (number; business address)",
    schema: org("latitude", "longitude"),
  },
  {
    section: O,
    sentence: "Size and dates: `employees` (integer), `founded_date`, `registration_date` (strings)",
    schema: org("employees", "founded_date", "registration_date"),
  },
  {
    section: O,
    sentence:
      "Status flags: `is_bankrupt`, `is_liquidating`, `is_under_forced_liquidation`, `is_deleted` (boolean), `deleted_at`, `cessation_date` (string)",
    schema: org(
      "is_bankrupt",
      "is_liquidating",
      "is_under_forced_liquidation",
      "is_deleted",
      "deleted_at",
      "cessation_date",
    ),
  },
  {
    section: O,
    sentence:
      "Group and reporting: `is_in_group` (boolean), `last_annual_report_year` (integer), `registered_in_vat` (boolean)",
    schema: org("is_in_group", "last_annual_report_year", "registered_in_vat"),
  },
  {
    section: O,
    sentence:
      "Latest figures: `revenue`, `operating_profit`, `equity`, `total_assets` (number), `financial_year` (integer)",
    schema: org("revenue", "operating_profit", "equity", "total_assets", "financial_year"),
  },
  {
    section: O,
    sentence:
      "Capital: `share_capital` (number), `share_capital_currency` (string), `share_count` (integer), `capital_registered_at`, `vedtekts_date` (string)",
    schema: org(
      "share_capital",
      "share_capital_currency",
      "share_count",
      "capital_registered_at",
      "vedtekts_date",
    ),
  },
  {
    section: O,
    sentence: "Text: `purpose`, `activity` (string), `purpose_lines`, `activity_lines` (array of strings)",
    schema: org("purpose", "activity", "purpose_lines", "activity_lines"),
  },
  {
    section: O,
    sentence:
      "Signing rights: `signature_text`, `procuration_text` (string); `signature_status`, `procuration_status` (string, one of `available`, `none`, `unavailable`)",
    schema: org("signature_text", "procuration_text", "signature_status", "procuration_status"),
  },
  {
    section: O,
    sentence: "`unavailable` means the register must be read manually",
    client: "what a client does with `unavailable` is not visible in a trace",
  },
  {
    section: O,
    sentence:
      "Rule: `signature_text`/`procuration_text` and their statuses are carried only when exactly one organisation is requested.",
    checks: ["org.signature_only_single"],
    reading: "counts distinct org ids: one org plus other ids, or a field present as null, is a warning",
  },
  ...[
    "person",
    "property",
    "building",
    "address",
    "identity",
    "entity",
    "belief-tradition",
    "group",
    "party",
    "tender",
    "article",
    "ip",
    "license",
    "support-scheme",
    "support-scheme-period",
    "public-actor",
  ].map(
    (type): ContractSentence => ({
      section: P,
      sentence: `\`${type.replaceAll("-", "_")}\` payload fields, types and nullability (table row)`,
      schema: payload(type),
    }),
  ),
  {
    section: P,
    sentence:
      "`state_finance_node`: all required: `node_type` (one of …), `node_key`, `code`, `active_actor_bindings` (array, max 25, of objects with required `org_nr` (9 digits), `binding_role`, `verification_method`, `source_url` (uri), `verified_at` (date-time))",
    schema: [...payload("state-finance-node"), at("node", "/$defs/active-actor-binding")],
  },
  {
    section: P,
    sentence:
      "`support_fact`: required keys … Optional keys: `source_period`, `period_kind`, `reference_year`, `amount_status`, `payment_status`",
    schema: [...payload("support-fact"), at("numeric", "/$defs/nullable")],
  },
  {
    section: P,
    sentence:
      "Allowed values of free-form string fields (for example `identity_status`, `role_resolution_status`, …): not shown.",
    notCheckable: NOT_SHOWN,
  },
];
