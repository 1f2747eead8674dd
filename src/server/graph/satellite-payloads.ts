/**
 * Payloads of organisation-owned nodes (contract: Payloads of other node types). Each is drawn from
 * its own random stream (seed, owner index, kind, ordinal).
 */
import type { Catalog } from "./catalog.js";
import { STREETS } from "./org-payload.js";
import { Rng, SALT } from "./prng.js";
import type { SatelliteKind } from "./satellites.js";
import { supportFactPayload } from "./support-fact-payload.js";
import { webIdentityPayload } from "./web-identity-payload.js";
import { capitalise, FIRST_NAMES, LAST_NAMES } from "./words.js";
import type { OrgCore } from "./world.js";

type Payload = Record<string, unknown>;
const KIND_SALT: Record<SatelliteKind, number> = {
  person: 1,
  address: 2,
  property: 3,
  building: 4,
  identity: 5,
  support_fact: 6,
  article: 7,
  tender: 8,
  ip: 9,
  license: 10,
};

/** A person's name from the owner and ordinal (also used by resolve's sample index). */
export function personName(seed: number, owner: number, n: number): string {
  const rng = new Rng(seed, SALT.node, owner, 100 + n);
  return `${capitalise(rng.pick(FIRST_NAMES))} ${capitalise(rng.pick(LAST_NAMES))}`;
}

/** Name and payload of a satellite node. */
export function satellitePayload(
  seed: number,
  catalog: Catalog,
  core: OrgCore,
  kind: SatelliteKind,
  n: number,
): { name: string | null; payload: Payload } {
  const rng = new Rng(seed, SALT.node, core.index, KIND_SALT[kind] * 1000 + n);
  const [muniCode, muniName, postBase] = core.municipality;
  const nullable = <T>(v: T, p = 0.08): T | null => (rng.chance(p) ? null : v);
  switch (kind) {
    case "person": {
      const name = rng.chance(0.03) ? null : personName(seed, core.index, n);
      return {
        name,
        payload: {
          uid: nullable(`p${rng.int(1e9).toString(36)}`, 0.2),
          name,
          birth_year: nullable(rng.range(1940, 2002)),
        },
      };
    }
    case "address": {
      const street = rng.pick(STREETS);
      const nummer = rng.range(1, 150);
      const bokstav = rng.chance(0.2) ? rng.pick(["A", "B", "C"]) : null;
      const postal = String(postBase + rng.int(40)).padStart(4, "0");
      const payload = {
        street,
        nummer: nullable(nummer, 0.03),
        bokstav,
        postal_code: postal,
        city: muniName.toUpperCase(),
        municipality_code: nullable(muniCode, 0.03),
      };
      return { name: `${street} ${nummer}${bokstav ?? ""}, ${postal} ${muniName.toUpperCase()}`, payload };
    }
    case "property": {
      const g = rng.range(1, 300);
      const b = rng.range(1, 900);
      const matrikkel = `${muniCode}-${g}/${b}`;
      const payload = {
        matrikkelnummer: matrikkel,
        kommunenummer: muniCode,
        gardsnummer: g,
        bruksnummer: b,
        festenummer: rng.chance(0.8) ? 0 : null,
        seksjonsnummer: rng.chance(0.2) ? rng.range(1, 40) : null,
      };
      return { name: matrikkel, payload };
    }
    case "building": {
      const nr = 100_000_000 + rng.int(200_000_000);
      const payload = {
        bygningsnummer: nullable(nr, 0.03),
        building_type: nullable(rng.pick(["Kontorbygning", "Lagerhall", "Butikkbygning", "Industribygning"])),
        status: nullable(rng.pick(["Tatt i bruk", "Igangsettingstillatelse", "Midlertidig brukstillatelse"])),
      };
      return { name: `Bygning ${nr}`, payload };
    }
    case "identity":
      return webIdentityPayload(rng, core, n);
    case "support_fact":
      return supportFactPayload(seed, rng, catalog, core, n);
    case "article": {
      const title = `${core.name} ${rng.pick(["vokser", "henter kapital", "kjøper konkurrent", "vinner kontrakt", "kutter stillinger"])}`;
      const source = rng.pick(["dn.no", "e24.no", "nrk.no", "finansavisen.no"]);
      const payload = {
        title,
        url: nullable(`https://${source}/artikkel/${rng.int(1e8)}`),
        published_at: nullable(rng.dateTime(2015, 2025)),
        source: nullable(source),
        summary: nullable(`Omtale av ${core.name}.`, 0.3),
      };
      return { name: title, payload };
    }
    case "tender": {
      const title = nullable(
        `${rng.pick(["Rammeavtale", "Kjøp av", "Levering av"])} ${core.nace[1].toLowerCase()}`,
      );
      const payload = {
        tender_portal_id: nullable(`${rng.range(2018, 2025)}-${rng.range(100000, 999999)}`),
        title,
        description: nullable("Konkurranse etter anskaffelsesforskriften.", 0.3),
        published_at: nullable(rng.dateTime(2018, 2024)),
        deadline: nullable(rng.dateTime(2018, 2025)),
        cpv_codes: nullable([`${rng.range(30, 90)}000000`]),
        value: nullable(rng.range(1, 500) * 100_000),
      };
      return { name: title, payload };
    }
    case "ip": {
      const title = nullable(`${core.label} ${rng.pick(["varemerke", "patent", "design"])}`);
      const payload = {
        application_number: nullable(String(rng.range(2010, 2025) * 10_000 + rng.int(10_000))),
        title,
        ip_type: nullable(rng.pick(["trademark", "patent", "design"])),
        status: nullable(rng.pick(["registered", "pending", "expired"])),
        filing_date: nullable(rng.date(2010, 2025)),
      };
      return { name: title, payload };
    }
    case "license": {
      const payload = {
        business_name: nullable(core.name),
        license_type: nullable(
          rng.pick(["Skjenkebevilling", "Transportløyve", "Fiskerilisens", "Taxiløyve"]),
        ),
        valid_from: nullable(rng.date(2015, 2022)),
        valid_to: nullable(rng.date(2024, 2030), 0.4),
      };
      return { name: (payload.license_type as string | null) ?? core.name, payload };
    }
  }
}
