/** The `support_fact` payload: every required key present (contract: `support_fact`), optional keys sometimes. */
import type { Catalog } from "./catalog.js";
import { SCHEME_YEARS } from "./catalog-nodes.js";
import type { Rng } from "./prng.js";
import { supportChoice } from "./support-choice.js";
import type { OrgCore } from "./world.js";

type Payload = Record<string, unknown>;

/** Name and payload of the n-th support fact of an organisation. */
export function supportFactPayload(
  seed: number,
  rng: Rng,
  catalog: Catalog,
  core: OrgCore,
  n: number,
): { name: string | null; payload: Payload } {
  const choice = supportChoice(seed, core.index, n);
  const scheme = catalog.schemes[choice.scheme];
  const period = catalog.periods[choice.scheme * SCHEME_YEARS.length + SCHEME_YEARS.indexOf(choice.year)];
  const year = choice.year;
  const amount = rng.range(5, 5000) * 1000;
  const nullable = <T>(v: T, p = 0.1): T | null => (rng.chance(p) ? null : v);
  const payload: Payload = {
    source: String(scheme.payload.namespace),
    grant_key: `${scheme.payload.scheme_id}-${core.orgNr}-${n}`,
    recipient_org_nr: nullable(core.orgNr, 0.05),
    active: rng.chance(0.8),
    fact_revision: nullable(`r${rng.range(1, 5)}`),
    budget_year: nullable(year),
    date_precision: nullable(rng.pick(["day", "month", "year"])),
    award_date: nullable(rng.date(year, year)),
    amount_basis: nullable(rng.pick(["granted", "paid", "applied"])),
    amount: rng.chance(0.1) ? null : rng.numeric(amount),
    currency: nullable("NOK", 0.05),
    amount_precision: nullable(rng.pick(["exact", "rounded", "range"])),
    amount_lower_bound: rng.chance(0.6) ? null : rng.numeric(amount * 0.9),
    amount_upper_bound: rng.chance(0.6) ? null : rng.numeric(amount * 1.1),
    amount_range_currency: nullable("NOK", 0.5),
    support_form: nullable(rng.pick(["grant", "loan", "guarantee", "tax_deduction"])),
    source_url: nullable(scheme.payload.source_url),
    reporting_complete: rng.chance(0.2) ? null : rng.chance(0.7),
    scheme_node_id: nullable(scheme.id, 0.05),
    period_node_id: nullable(period.id, 0.1),
    role_resolution_status: rng.pick(["resolved", "unresolved", "ambiguous"]),
    source_snapshot_id: nullable(`snap-${year}-${rng.range(1, 12)}`),
    source_checksum: nullable(
      rng
        .int(2 ** 31)
        .toString(16)
        .padStart(8, "0"),
    ),
    source_observed_at: nullable(rng.dateTime(year, 2025)),
  };
  if (rng.chance(0.5)) {
    payload.source_period = nullable(String(year));
    payload.period_kind = nullable(rng.pick(["budget_year", "calendar_year"]));
    payload.reference_year = nullable(year);
    payload.amount_status = nullable(rng.pick(["final", "preliminary"]));
    payload.payment_status = nullable(rng.pick(["paid", "partially_paid", "not_paid"]));
  }
  return { name: `${scheme.name ?? scheme.payload.scheme_id} ${year}: ${core.name}`, payload };
}
