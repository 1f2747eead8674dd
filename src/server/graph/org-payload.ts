/**
 * The `org` payload (contract: Payload of `org`). Every field of the table appears somewhere, with
 * nulls and absent fields too (absent = unknown). Signature fields are always included here; the HTTP
 * layer strips them when more than one organisation is requested.
 */
import { addMainFields, addSigning } from "./org-main-fields.js";
import { type Payload, put } from "./payload.js";
import { Rng, SALT } from "./prng.js";
import type { OrgCore, World } from "./world.js";

/** Street names shared by org and address payloads. */
export const STREETS = [
  "Storgata",
  "Kirkegata",
  "Strandveien",
  "Industriveien",
  "Parkveien",
  "Sjøgata",
  "Fjordveien",
];
const SECTORS = ["2100", "2300", "6100", "8200", "3200"];

/** The full org payload of an organisation. */
export function orgPayload(world: World, core: OrgCore): Payload {
  const i = core.index;
  const rng = new Rng(world.seed, SALT.org, i, 7);
  const isSub = core.place.parent >= 0;
  const [muniCode, muniName, postBase, lat, lon] = core.municipality;
  const p: Payload = { org_nr: core.orgNr, name: core.name };
  put(
    p,
    "org_form",
    rng.maybe(() => core.form[0], 0.01, 0.01),
  );
  put(
    p,
    "org_form_description",
    rng.maybe(() => core.form[1]),
  );
  p.entity_type = isSub ? "underenhet" : "hovedenhet";
  if (isSub) p.parent_org_nr = world.numbers.toOrgNr(core.place.parent);
  else put(p, "parent_org_nr", rng.chance(0.05) ? null : undefined);
  put(
    p,
    "nace_code",
    rng.maybe(() => core.nace[0], 0.02, 0.02),
  );
  put(
    p,
    "nace_description",
    rng.maybe(() => core.nace[1], 0.03, 0.03),
  );
  const secondary = rng.chance(0.2);
  put(p, "secondary_nace_code", secondary ? "70.220" : rng.chance(0.5) ? null : undefined);
  put(
    p,
    "secondary_nace_description",
    secondary ? "Bedriftsrådgivning og annen administrativ rådgivning" : null,
  );
  put(p, "sector_code", isSub ? undefined : rng.maybe(() => rng.pick(SECTORS)));
  const postal = String(postBase + rng.int(40)).padStart(4, "0");
  put(
    p,
    "address",
    rng.maybe(() => `${rng.pick(STREETS)} ${rng.range(1, 120)}`),
  );
  put(
    p,
    "postal_code",
    rng.maybe(() => postal),
  );
  put(
    p,
    "city",
    rng.maybe(() => muniName.toUpperCase()),
  );
  put(
    p,
    "municipality",
    rng.maybe(() => muniName.toUpperCase()),
  );
  put(
    p,
    "municipality_code",
    rng.maybe(() => muniCode, 0.02, 0.02),
  );
  const hasPostal = rng.chance(0.3);
  put(p, "postal_address", hasPostal ? `Postboks ${rng.range(1, 9999)}` : rng.chance(0.5) ? null : undefined);
  put(p, "postal_address_postal_code", hasPostal ? postal : null);
  put(p, "postal_address_city", hasPostal ? muniName.toUpperCase() : undefined);
  put(
    p,
    "latitude",
    rng.maybe(() => Math.round((lat + (rng.next() - 0.5) / 20) * 1e6) / 1e6),
  );
  put(
    p,
    "longitude",
    rng.maybe(() => Math.round((lon + (rng.next() - 0.5) / 20) * 1e6) / 1e6),
  );
  put(
    p,
    "employees",
    rng.maybe(() => (rng.chance(0.3) ? 0 : rng.range(1, core.place.rich ? 5000 : 250))),
  );
  const founded = rng.date(1950, 2023);
  put(
    p,
    "founded_date",
    rng.maybe(() => founded),
  );
  put(
    p,
    "registration_date",
    rng.maybe(() => founded),
  );
  const deleted = rng.chance(0.03);
  put(
    p,
    "is_bankrupt",
    rng.maybe(() => rng.chance(0.02), 0.02, 0.03),
  );
  put(
    p,
    "is_liquidating",
    rng.maybe(() => rng.chance(0.02), 0.02, 0.03),
  );
  put(
    p,
    "is_under_forced_liquidation",
    rng.maybe(() => rng.chance(0.01), 0.02, 0.03),
  );
  p.is_deleted = deleted;
  put(p, "deleted_at", deleted ? rng.date(2020, 2024) : rng.chance(0.5) ? null : undefined);
  put(p, "cessation_date", deleted ? rng.date(2019, 2024) : rng.chance(0.5) ? null : undefined);
  if (!isSub) addMainFields(world, core, rng, p);
  addSigning(rng, p, isSub);
  return p;
}
