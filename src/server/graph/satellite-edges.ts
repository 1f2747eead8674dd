/**
 * Props of edges from an organisation to its web identities, support facts, articles, tenders, IP
 * records and licences — only names from the contract's allowed props list, with the right types.
 */
import { periodNodeId, schemeKey, schemeNodeId } from "./catalog-nodes.js";
import { orNull } from "./edge-common.js";
import type { Rng } from "./prng.js";
import { satelliteId } from "./satellites.js";
import type { SupportChoice } from "./support-choice.js";

type Kind = "identity" | "support_fact" | "article" | "tender" | "ip" | "license";

/** Props of the n-th edge of a kind. */
export function satelliteEdgeProps(
  rng: Rng,
  kind: Kind,
  orgNr: string,
  n: number,
  support: () => SupportChoice,
): Record<string, unknown> {
  switch (kind) {
    case "identity":
      return {
        identity_status: orNull(rng, rng.pick(["verified", "candidate"])),
        assertion_source: orNull(rng, rng.pick(["register", "crawler", "manual"])),
        score: rng.numeric(Math.round(rng.next() * 100) / 100),
        scoring_version: orNull(rng, "v3"),
        rank: n + 1,
      };
    case "support_fact":
      return supportProps(rng, orgNr, n, support());
    case "article":
      return {
        published_at: orNull(rng, rng.dateTime(2015, 2025)),
        source: rng.pick(["dn.no", "e24.no", "nrk.no"]),
        rank: rng.numeric(n + 1),
        score: orNull(rng, Math.round(rng.next() * 1000) / 1000),
        context_key: orNull(rng, `ctx-${n}`, 0.5),
        variant: orNull(rng, rng.pick(["headline", "body"]), 0.5),
        community_id: orNull(rng, null as string | null, 0.5),
      };
    case "tender":
      return {
        amount: rng.numeric(rng.range(1, 500) * 100_000),
        currency: "NOK",
        published_at: orNull(rng, rng.dateTime(2018, 2024)),
        year: rng.range(2018, 2025),
        source: "doffin",
      };
    case "ip":
      return {
        registration_active: orNull(rng, rng.chance(0.8)),
        source: "patentstyret",
        external_grant_id: null,
      };
    case "license":
      return { registration_active: rng.chance(0.9), source_url: orNull(rng, "https://www.altinn.no/") };
  }
}

/** Props of a RECEIVED_SUPPORT edge; amounts are `numeric` (sometimes decimal strings). */
function supportProps(rng: Rng, orgNr: string, n: number, choice: SupportChoice): Record<string, unknown> {
  const amount = rng.range(5, 5000) * 1000;
  const { year } = choice;
  const { namespace, schemeId } = schemeKey(choice.scheme);
  return {
    support_fact_id: satelliteId("support_fact", orgNr, n),
    source: namespace,
    scheme_node_id: schemeNodeId(choice.scheme),
    period_node_id: orNull(rng, periodNodeId(choice.scheme, year)),
    scheme_id: schemeId,
    fact_revision: orNull(rng, "r1"),
    grant_key: orNull(rng, `${schemeId}-${orgNr}-${n}`),
    grant_date: orNull(rng, rng.date(year, year)),
    date_precision: orNull(rng, "day"),
    period_key: String(year),
    budget_year: rng.numeric(year, 0.2),
    fiscal_year: orNull(rng, year, 0.5),
    amount: rng.chance(0.1) ? null : rng.numeric(amount),
    amount_lower_bound: rng.chance(0.5) ? null : rng.numeric(amount * 0.9),
    amount_upper_bound: rng.chance(0.5) ? null : rng.numeric(amount * 1.1),
    amount_range_currency: orNull(rng, "NOK", 0.5),
    amount_precision: orNull(rng, rng.pick(["exact", "rounded"])),
    amount_basis: orNull(rng, rng.pick(["granted", "paid"])),
    applied_amount_nok: rng.chance(0.5) ? null : rng.numeric(amount * 1.5),
    currency: "NOK",
    support_kind: orNull(rng, rng.pick(["grant", "loan"])),
    support_form: orNull(rng, rng.pick(["grant", "loan", "guarantee"])),
    programme: orNull(rng, "Innovasjon", 0.5),
    reporting_complete: rng.chance(0.2) ? null : rng.chance(0.7),
    detail_count: orNull(rng, rng.range(1, 5)),
    cross_source_overlap: orNull(rng, rng.pick(["none", "partial"]), 0.5),
    external_grant_id: orNull(rng, `ext-${rng.int(1e6)}`, 0.5),
    observation_id: orNull(rng, `obs-${rng.int(1e6)}`, 0.5),
    metadata_status: orNull(rng, "complete", 0.5),
  };
}
