/**
 * Field types of the contract's payload and props tables, written out independently of `schemas/`
 * (the server must not share the checks' mistakes). Used by this area's tests.
 */

/** One allowed JSON kind of a field. */
export type Kind =
  | "string"
  | "number"
  | "integer"
  | "boolean"
  | "null"
  | "strings"
  | "numeric"
  | "object"
  | "array";

const S: Kind[] = ["string", "null"];
const N: Kind[] = ["number", "null"];
const I: Kind[] = ["integer", "null"];
const B: Kind[] = ["boolean", "null"];
const NUM: Kind[] = ["numeric", "null"];
const fields = (names: string, kinds: Kind[]): Record<string, Kind[]> =>
  Object.fromEntries(names.split(" ").map((n) => [n, kinds]));

/** Contract: Payload of `org` (all optional, nullable). */
export const ORG_FIELDS: Record<string, Kind[]> = {
  ...fields(
    "org_nr name org_form org_form_description entity_type parent_org_nr nace_code nace_description secondary_nace_code secondary_nace_description sector_code address postal_code city municipality municipality_code postal_address postal_address_postal_code postal_address_city founded_date registration_date deleted_at cessation_date share_capital_currency capital_registered_at vedtekts_date purpose activity signature_text procuration_text signature_status procuration_status",
    S,
  ),
  ...fields("latitude longitude revenue operating_profit equity total_assets share_capital", N),
  ...fields("employees last_annual_report_year financial_year share_count", I),
  ...fields(
    "is_bankrupt is_liquidating is_under_forced_liquidation is_deleted is_in_group registered_in_vat",
    B,
  ),
  ...fields("purpose_lines activity_lines", ["strings", "null"]),
};

/** Contract: Payloads of other node types; `required` lists keys that must be present. */
export const OTHER_PAYLOADS: Record<string, { fields: Record<string, Kind[]>; required: string[] }> = {
  person: { fields: { uid: S, name: S, birth_year: I }, required: [] },
  property: {
    fields: {
      ...fields("matrikkelnummer kommunenummer", S),
      ...fields("gardsnummer bruksnummer festenummer seksjonsnummer", I),
    },
    required: [],
  },
  building: { fields: { bygningsnummer: I, building_type: S, status: S }, required: [] },
  address: {
    fields: { street: S, nummer: I, ...fields("bokstav postal_code city municipality_code", S) },
    required: [],
  },
  identity: { fields: fields("identity_type normalized_identifier display_name url", S), required: [] },
  entity: { fields: fields("canonical_name entity_type description", S), required: [] },
  belief_tradition: {
    fields: { ...fields("code slug name", ["string"]), ...fields("parent_code source_url", S) },
    required: ["code", "slug", "name"],
  },
  group: { fields: fields("system_code system_name", S), required: [] },
  party: { fields: fields("code name", S), required: [] },
  tender: {
    fields: {
      ...fields("tender_portal_id title description published_at deadline", S),
      cpv_codes: ["strings", "null"],
      value: N,
    },
    required: [],
  },
  article: { fields: fields("title url published_at source summary", S), required: [] },
  ip: { fields: fields("application_number title ip_type status filing_date", S), required: [] },
  license: { fields: fields("business_name license_type valid_from valid_to", S), required: [] },
  support_scheme: {
    fields: {
      namespace: ["string"],
      scheme_id: ["string"],
      name: S,
      source_url: S,
      identity_status: ["string"],
    },
    required: ["namespace", "scheme_id", "name", "source_url", "identity_status"],
  },
  support_scheme_period: {
    fields: {
      scheme_node_id: ["string"],
      period_key: ["string"],
      budget_year: I,
      metadata_status: ["string"],
      source_url: S,
    },
    required: ["scheme_node_id", "period_key", "budget_year", "metadata_status", "source_url"],
  },
  public_actor: {
    fields: { ...fields("namespace identifier name source_url verified_at", ["string"]), country_code: S },
    required: ["namespace", "identifier", "name", "country_code", "source_url", "verified_at"],
  },
  state_finance_node: {
    fields: { ...fields("node_type node_key code", ["string"]), active_actor_bindings: ["array"] },
    required: ["node_type", "node_key", "code", "active_actor_bindings"],
  },
  support_fact: {
    fields: {
      ...fields("source grant_key role_resolution_status", ["string"]),
      ...fields(
        "recipient_org_nr fact_revision date_precision award_date amount_basis currency amount_precision amount_range_currency support_form source_url scheme_node_id period_node_id source_snapshot_id source_checksum source_observed_at source_period period_kind amount_status payment_status",
        S,
      ),
      active: ["boolean"],
      ...fields("budget_year reference_year", I),
      ...fields("amount amount_lower_bound amount_upper_bound", NUM),
      reporting_complete: B,
    },
    required:
      "source grant_key recipient_org_nr active fact_revision budget_year date_precision award_date amount_basis amount currency amount_precision amount_lower_bound amount_upper_bound amount_range_currency support_form source_url reporting_complete scheme_node_id period_node_id role_resolution_status source_snapshot_id source_checksum source_observed_at".split(
        " ",
      ),
  },
};

/** Contract: Edge, allowed `props`. */
export const EDGE_PROPS: Record<string, Kind[]> = {
  ...fields(
    "support_fact_id source fact_revision scheme_node_id period_node_id period_key identity_status metadata_status role role_code role_name share_class currency variant context_key scoring_version grant_key published_at date_precision grant_date programme scheme_id scheme_url amount_range_currency amount_precision support_kind support_form cross_source_overlap amount_basis administrator_org_nr administrator_name provider_metadata_status department_org_nr department_name provider_org_nr provider_name provider_role source_url external_grant_id assertion_source community_id relationship_type temporal_basis snapshot_id observation_id binding_role",
    S,
  ),
  ...fields(
    "data_year shares share_count total_shares ownership_percentage share_percentage percentage amount year rank score budget_year amount_lower_bound amount_upper_bound applied_amount_nok detail_count fiscal_year",
    NUM,
  ),
  ...fields("reporting_complete registration_active", B),
  contribution_id: ["string", "integer", "null"],
  evidence_level: ["string", "null"],
};

const NUMERIC_STRING = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** Whether a value has one of the kinds. */
function hasKind(value: unknown, kinds: Kind[]): boolean {
  return kinds.some((k) => {
    switch (k) {
      case "null":
        return value === null;
      case "integer":
        return Number.isInteger(value);
      case "number":
        return typeof value === "number" && Number.isFinite(value);
      case "numeric":
        return (
          (typeof value === "number" && Number.isFinite(value)) ||
          (typeof value === "string" && NUMERIC_STRING.test(value))
        );
      case "strings":
        return Array.isArray(value) && value.every((v) => typeof v === "string");
      case "array":
        return Array.isArray(value);
      case "object":
        return typeof value === "object" && value !== null && !Array.isArray(value);
      default:
        return typeof value === k;
    }
  });
}

/** Problems of an object against a field table (unknown fields, wrong kinds, missing required keys). */
export function fieldProblems(
  obj: Record<string, unknown>,
  spec: Record<string, Kind[]>,
  required: string[] = [],
): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (!(k in spec)) out.push(`unexpected field ${k}`);
    else if (!hasKind(v, spec[k])) out.push(`${k}: ${JSON.stringify(v)} is not ${spec[k].join("|")}`);
  }
  for (const k of required) if (!(k in obj)) out.push(`missing ${k}`);
  return out;
}
