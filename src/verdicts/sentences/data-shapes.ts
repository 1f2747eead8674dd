/** Rules of "Influencer dataset node", "Edge", "Extensions" and "States and transitions". */
import { at, type ContractSentence, NOT_SHOWN } from "./sentence.js";

const INF = "Resources and their fields / Influencer dataset node";
const ED = "Resources and their fields / Edge";
const EX = "Resources and their fields / Extensions";
const ST = "States and transitions";
const edge = (p: string) => at("edge", `/properties/${p}`);
const ext = (p: string) => at("extensions", p);

/** Rules of these sections. */
export const DATA_SHAPE_SENTENCES: ContractSentence[] = [
  {
    section: INF,
    sentence:
      "Node `type` is `identity`; `id` has the form `cb:identity:<network>:<username>` where `<username>` matches 1 to 30 characters of letters, digits, dot and underscore.",
    schema: [at("influencer-node", "/properties/type"), at("influencer-node", "/properties/id")],
  },
  {
    section: INF,
    sentence: "`<network>` is the fixed name of one social network",
    checks: ["influencer.one_network"],
    reading:
      "one fixed network: every influencer node id of one response names the same `<network>` (a failure otherwise); which network it is, is not shown, so any name is accepted",
  },
  {
    section: INF,
    sentence:
      "Payload (all required): `username` (same format), `full_name`, `followers_count`, `following_count`, `posts_count`, `is_private`.",
    schema: [at("influencer-node", "/properties/payload")],
  },
  {
    section: INF,
    sentence: "Max 25 nodes in `data.entities`; `data` has only `entities`.",
    schema: [at("influencer-response", "/allOf/1/properties/data")],
    checks: ["influencer.nodes_cap"],
  },
  {
    section: ED,
    sentence: "Edge (element of `data.edges`; max 50 per response)",
    schema: [at("entities-response", "/allOf/1/properties/data/properties/edges")],
  },
  { section: ED, sentence: "`id` | integer > 0 | required", schema: [edge("id")] },
  { section: ED, sentence: "`src`, `dst` | string, node id | required", schema: [edge("src"), edge("dst")] },
  {
    section: ED,
    sentence:
      "`predicate` | string | required; relation name (one example: `HAS_ROLE`). Predicate names: not shown beyond that example.",
    schema: [edge("predicate")],
    reading: "any predicate name is accepted",
  },
  {
    section: ED,
    sentence: "`props` | object | required; fields below, all optional, none other allowed",
    schema: [edge("props")],
  },
  { section: ED, sentence: "`confidence` | number 0 to 1 | required", schema: [edge("confidence")] },
  { section: ED, sentence: "`evidence_id` | integer > 0 | required", schema: [edge("evidence_id")] },
  {
    section: ED,
    sentence: "`valid_from`, `valid_to` | date-time or null | optional; `recorded_at` | date-time | optional",
    schema: [edge("valid_from"), edge("valid_to"), edge("recorded_at")],
  },
  {
    section: ED,
    sentence:
      "`props` fields: string or null …; numeric or null …; boolean or null …; `contribution_id` string, integer or null; `evidence_level` one of `direct_observed`, `documented_allocation`, `scheme_derived`, `unresolved`, or null.",
    schema: [edge("props/properties/evidence_level"), edge("props/properties/contribution_id")],
  },
  {
    section: EX,
    sentence: "`data.extensions`, each keyed by a 9-digit organisation number",
    schema: [ext("/properties/financial_history/propertyNames")],
    checks: ["ext.keys_requested_orgs"],
  },
  {
    section: EX,
    sentence: "`financial_history`: Array per organisation, max 30 rows, newest year first.",
    schema: [ext("/properties/financial_history")],
    checks: ["ext.financial_history.newest_first"],
  },
  {
    section: EX,
    sentence: "Only the company's own accounts (not consolidated group accounts).",
    notCheckable: "a row does not say whether it is consolidated",
  },
  { section: EX, sentence: "One row per year", checks: ["ext.financial_history.one_row_per_year"] },
  {
    section: EX,
    sentence:
      "when a year exists from both the financial-data provider and the register, the provider's row wins.",
    notCheckable: "the provider's row wins: the register's competing row is not visible in the response",
  },
  {
    section: EX,
    sentence:
      "Row: `fiscal_year` (integer, required), `revenue`, … `total_debt` (number or null), `source` (string or null).",
    schema: [ext("/$defs/financial-history-row")],
  },
  {
    section: EX,
    sentence: "`subunits`: Array per organisation of sub-units registered on the main unit.",
    checks: ["ext.subunits.parent_matches_key"],
    suites: ["schema"],
    reading:
      "each listed sub-unit names the organisation it is listed under; and the other way round, a sub-unit's main unit (`parent_org_nr`), fetched with its sub-units, lists it when its list is delivered whole (`org.parent_org_nr_main_unit`, see the Payload of `org` row)",
  },
  {
    section: EX,
    sentence: "Max 50 per organisation in a batch; max 1000 when exactly one id is requested.",
    schema: [ext("/properties/subunits")],
    checks: ["ext.subunits.cap"],
    reading:
      'a batch whose ids are one distinct id is "exactly one id": 1000 allowed there too (both readings accepted)',
  },
  {
    section: EX,
    sentence:
      "Element: required `id`, `org_nr`, `parent_org_nr`; optional nullable `name`, `nace_code`, …, `employees` (integer), `latitude`, `longitude` (number), `is_deleted` (boolean), `cessation_date`.",
    schema: [ext("/$defs/subunit")],
  },
  {
    section: EX,
    sentence:
      "Legacy names `industry_code`, … are still returned until v2; new clients use the `nace_*`, `address`, `postal_code`, `city`, `municipality_code` names.",
    schema: [ext("/$defs/subunit/properties/industry_code")],
    checks: ["ext.subunits.legacy_names"],
    client: "new clients read the new names",
    reading:
      'a sub-unit with a new name but without its legacy name fails: Versioning states without reserve that the legacy names "are delivered alongside the new names until version 2"',
  },
  {
    section: EX,
    sentence:
      "`web_identities`: Array per organisation, max 10. Element (all nullable): `identity_type`, `normalized_identifier`, `display_name`, `full_url`, `is_primary` (boolean), `site_kind`, `site_status`.",
    schema: [ext("/properties/web_identities"), ext("/$defs/web-identity")],
  },
  {
    section: EX,
    sentence:
      "`site_kind`, `site_status` (the last two for websites; distinguish a live site from a parked domain).",
    notCheckable: "their values are not shown",
  },
  {
    section: EX,
    sentence:
      "`group_parent`: Per organisation: object with `id`, `org_nr`, `depth` (integer) required and `name` (string or null), or null when no owner above the company is registered.",
    schema: [ext("/properties/group_parent"), ext("/$defs/group-parent")],
    checks: ["ext.group_parent_above_company"],
    reading:
      'an owner "above the company" is another organisation: a `group_parent` whose `org_nr` is the organisation\'s own, or whose organisation `id` names another `org_nr`, is an error; `depth` is not judged (whether a direct owner is depth 0 or 1 is not shown)',
  },
  {
    section: EX,
    sentence:
      "It is the top owner in the ownership chain found through the shareholder register. It is not the same as a registered group: it also exists for companies with `is_in_group` false.",
    suites: ["schema"],
    reading:
      'the register and the chain itself are not visible, but the top owner is: fetched with its own `group_parent`, a group parent has none ("null when no owner above the company is registered"), so an owner above it is an error (`ext.group_parent_top_owner`: the fixture organisations\' group parents are read in one batch, and any owner found above them in another; not judged: an owner above that leads back into the chain, where cross-ownership has no top, a group parent the data lacks, and reads of different snapshots). That it is not the company itself is judged by `ext.group_parent_above_company`; "also exists" for `is_in_group` false permits, so every value conforms',
  },
  {
    section: EX,
    sentence: "For the group parent in the register's sense, use it only when `is_in_group` is true.",
    client: "how a client interprets data is not visible in a trace",
  },
  {
    section: EX,
    sentence:
      "`data.extensions_truncated.subunits`: array (max 100) of 9-digit organisation numbers whose sub-unit list was cut.",
    schema: [ext("/$defs/extensions-truncated")],
    checks: ["ext.subunits.truncated_consistent"],
    reading:
      "an organisation listed there has its (cut) list in `data.extensions.subunits`; an organisation listed twice, or a list cut below its cap, is no finding: the contract says neither that the numbers are distinct nor that a list is cut only at its cap",
  },
  {
    section: EX,
    sentence: "Extensions apply to the organisation asked for.",
    checks: ["ext.keys_requested_orgs"],
  },
  {
    section: EX,
    sentence:
      "For a sub-unit, accounts, group and usually website belong to the main unit; fetch `parent_org_nr` in the same or the next call.",
    client: "certify-client may grade that the main unit is fetched; not a server rule",
  },
  {
    section: ST,
    sentence:
      "Enumerated status values exist only as data: `signature_status`/`procuration_status` (`available`, `none`, `unavailable`); org flags (booleans); `support_fact.active` (boolean).",
    schema: [
      at("org-payload", "/properties/signature_status"),
      at("org-payload", "/properties/is_bankrupt"),
      at("node", "/$defs/support-fact-payload/properties/active"),
    ],
  },
  {
    section: ST,
    sentence: "The contract defines no lifecycle for its resources. Transitions: not shown.",
    notCheckable: NOT_SHOWN,
  },
];
