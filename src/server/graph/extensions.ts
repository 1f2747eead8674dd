/**
 * Organisation extensions (contract: Extensions): financial history, sub-units (new and legacy field
 * names together), web identities and the group parent. Lists are full; the HTTP layer applies caps.
 */
import type { Catalog } from "./catalog.js";
import { financialRows } from "./finance.js";
import { orgPayload } from "./org-payload.js";
import { ownerOf, topOwner } from "./ownership.js";
import { Rng, SALT } from "./prng.js";
import { satellitePayload } from "./satellite-payloads.js";
import { satelliteCounts } from "./satellites.js";
import type { World } from "./world.js";

type Row = Record<string, unknown>;

/** `financial_history` rows, newest year first (≤ 30). */
export function financialHistoryOf(world: World, i: number): Row[] {
  const place = world.layout.place(i);
  return financialRows(world.seed, i, place.parent < 0, place.rich) as unknown as Row[];
}

/** One `subunits` element from a sub-unit's payload. */
function subunitElement(world: World, s: number): Row {
  const core = world.core(s);
  const p = orgPayload(world, core);
  const pick = (k: string): unknown => (k in p ? p[k] : null);
  const rng = new Rng(world.seed, SALT.org, s, 55);
  const el: Row = {
    id: core.id,
    org_nr: core.orgNr,
    parent_org_nr: world.numbers.toOrgNr(core.place.parent),
  };
  el.name = pick("name");
  el.nace_code = pick("nace_code");
  el.nace_description = pick("nace_description");
  el.address = pick("address");
  el.postal_code = pick("postal_code");
  el.city = pick("city");
  el.municipality_code = pick("municipality_code");
  el.employees = pick("employees");
  el.latitude = pick("latitude");
  el.longitude = pick("longitude");
  el.is_deleted = pick("is_deleted");
  el.cessation_date = pick("cessation_date");
  // Optional fields are sometimes left out entirely (absent = unknown).
  for (const k of ["employees", "latitude", "longitude", "cessation_date"]) if (rng.chance(0.1)) delete el[k];
  el.industry_code = el.nace_code;
  el.industry_description = el.nace_description;
  el.address_street = el.address;
  el.address_postal_code = el.postal_code;
  el.address_city = el.city;
  el.address_municipality_code = el.municipality_code;
  return el;
}

/** All sub-units of a main unit (possibly more than 1,000). */
export function subunitsOf(world: World, i: number): Row[] {
  const place = world.layout.place(i);
  const out: Row[] = [];
  for (let s = place.firstSub; s < place.firstSub + place.subCount; s++) out.push(subunitElement(world, s));
  return out;
}

/** `web_identities` elements (≤ 10), derived from the organisation's identity nodes. */
export function webIdentitiesOf(world: World, catalog: Catalog, i: number): Row[] {
  const core = world.core(i);
  const count = satelliteCounts(world.seed, i, core.place).identity;
  const out: Row[] = [];
  for (let n = 0; n < count; n++) {
    const p = satellitePayload(world.seed, catalog, core, "identity", n).payload;
    const rng = new Rng(world.seed, SALT.node, i, 9000 + n);
    const website = p.identity_type === "website";
    out.push({
      identity_type: p.identity_type,
      normalized_identifier: p.normalized_identifier,
      display_name: p.display_name,
      full_url: p.url,
      is_primary: rng.chance(0.05) ? null : n === 0,
      site_kind: website ? rng.pick(["company_site", "shop", null]) : null,
      site_status: website ? rng.pick(["live", "parked", "unreachable", null]) : null,
    });
  }
  return out;
}

/** `group_parent`: the top owner through the ownership chain (or the direct owner, one step up), or null. */
export function groupParentOf(world: World, i: number, reach: "top" | "direct" = "top"): Row | null {
  const owner = ownerOf(world, i);
  const top = reach === "top" ? topOwner(world, i) : owner < 0 ? null : { index: owner, depth: 1 };
  if (!top) return null;
  const core = world.core(top.index);
  const rng = new Rng(world.seed, SALT.owner, i, 3);
  return { id: core.id, org_nr: core.orgNr, depth: top.depth, name: rng.chance(0.05) ? null : core.name };
}
