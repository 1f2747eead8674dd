/**
 * Payload builders for test exchanges: a full `org` payload (every field of the contract's table) and a
 * full sub-unit element (new and legacy names).
 */

/** A loose JSON object for building test bodies. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are edited freely by seeded violations.
export type Json = Record<string, any>;

/** A 9-digit organisation number for index `i`. */
export function orgNr(i: number): string {
  return String(910000000 + i);
}

/** Every field of the org payload table; signing fields only when `single` (exactly one org requested). */
export function fullOrgPayload(i: number, single: boolean): Json {
  const payload: Json = {
    org_nr: orgNr(i),
    name: `Firma ${i} AS`,
    org_form: "AS",
    org_form_description: "Aksjeselskap",
    entity_type: "hovedenhet",
    parent_org_nr: null,
    nace_code: "62.010",
    nace_description: "Programmeringstjenester",
    secondary_nace_code: null,
    secondary_nace_description: null,
    sector_code: "2100",
    address: "Storgata 1",
    postal_code: "0155",
    city: "OSLO",
    municipality: "OSLO",
    municipality_code: "0301",
    postal_address: "Postboks 1",
    postal_address_postal_code: "0101",
    postal_address_city: "OSLO",
    latitude: 59.91,
    longitude: 10.75,
    employees: 12,
    founded_date: "2001-02-03",
    registration_date: "2001-03-04",
    is_bankrupt: false,
    is_liquidating: false,
    is_under_forced_liquidation: false,
    is_deleted: false,
    deleted_at: null,
    cessation_date: null,
    is_in_group: i % 2 === 0,
    last_annual_report_year: 2024,
    registered_in_vat: true,
    revenue: 12500000,
    operating_profit: 1500000,
    equity: 4000000,
    total_assets: 9000000,
    financial_year: 2024,
    share_capital: 30000,
    share_capital_currency: "NOK",
    share_count: 300,
    capital_registered_at: "2001-03-04",
    vedtekts_date: "2019-05-06",
    purpose: "Utvikling av programvare",
    activity: "Konsulentvirksomhet",
    purpose_lines: ["Utvikling av programvare"],
    activity_lines: ["Konsulentvirksomhet", "Drift"],
  };
  if (single)
    Object.assign(payload, {
      signature_text: "Daglig leder alene.",
      procuration_text: "Styrets leder.",
      signature_status: "available",
      procuration_status: "available",
    });
  return payload;
}

/** One sub-unit element registered on main unit `parent` (new and legacy names, Extensions). */
export function subunit(parent: string, s: number): Json {
  const nr = String(970000000 + ((Number(parent) * 7 + s) % 29999999));
  return {
    id: `cb:org:${nr}`,
    org_nr: nr,
    parent_org_nr: parent,
    name: `Avdeling ${s}`,
    nace_code: "62.010",
    nace_description: "Programmeringstjenester",
    address: "Storgata 1",
    postal_code: "0155",
    city: "OSLO",
    municipality_code: "0301",
    employees: 3,
    latitude: 59.9,
    longitude: 10.7,
    is_deleted: false,
    cessation_date: null,
    industry_code: "62.010",
    industry_description: "Programmeringstjenester",
    address_street: "Storgata 1",
    address_postal_code: "0155",
    address_city: "OSLO",
    address_municipality_code: "0301",
  };
}
