/**
 * Nodes that belong to one organisation (people, addresses, properties, web identities, support facts,
 * articles, tenders, IP records, licences). Their ids carry the owner's organisation number, so a
 * lookup is O(1): `cb:<type>:<org_nr>-<n>` (`cb:address:<org_nr>`, `cb:identity:web-<org_nr>-<n>`).
 */

import type { Placement } from "./layout.js";
import { hash, SALT } from "./prng.js";

/** Kinds of organisation-owned nodes. */
export type SatelliteKind =
  | "person"
  | "address"
  | "property"
  | "building"
  | "identity"
  | "support_fact"
  | "article"
  | "tender"
  | "ip"
  | "license";

/** How many nodes of each kind an organisation has (addresses: always 1, buildings: one per property). */
export type SatelliteCounts = Record<SatelliteKind, number>;

const RICH: SatelliteCounts = {
  person: 7,
  address: 1,
  property: 3,
  building: 3,
  identity: 10,
  support_fact: 30,
  article: 40,
  tender: 12,
  ip: 10,
  license: 6,
};

/** Number of web identities: most have 0–2, a few have the maximum of 10 (contract: ≤ 10). */
function identityCount(h: number): number {
  const r = h % 100;
  if (r < 40) return 0;
  if (r < 70) return 1;
  if (r < 85) return 2;
  if (r < 93) return 3 + (h % 3);
  if (r < 98) return 6 + (h % 4);
  return 10;
}

/** Satellite counts of an organisation. */
export function satelliteCounts(seed: number, i: number, place: Placement): SatelliteCounts {
  if (place.rich) return RICH;
  const h = (k: number): number => hash(seed, SALT.satellites, i, k);
  if (place.parent >= 0) {
    const web = h(1) % 10 === 0 ? 1 : 0;
    return { ...zero(), address: 1, identity: web };
  }
  const property = h(2) % 100 < 30 ? 1 + (h(3) % 3) : 0;
  return {
    person: h(4) % 10 === 0 ? 0 : 1 + (h(5) % 4),
    address: 1,
    property,
    building: property,
    identity: identityCount(h(6)),
    support_fact: h(7) % 100 < 25 ? 1 + (h(8) % 3) : 0,
    article: h(9) % 100 < 30 ? 1 + (h(10) % 4) : 0,
    tender: h(11) % 100 < 8 ? 1 + (h(12) % 2) : 0,
    ip: h(13) % 100 < 6 ? 1 + (h(14) % 3) : 0,
    license: h(15) % 100 < 10 ? 1 + (h(16) % 2) : 0,
  };
}

function zero(): SatelliteCounts {
  return {
    person: 0,
    address: 0,
    property: 0,
    building: 0,
    identity: 0,
    support_fact: 0,
    article: 0,
    tender: 0,
    ip: 0,
    license: 0,
  };
}

/** Id of the n-th satellite of a kind. */
export function satelliteId(kind: SatelliteKind, orgNr: string, n: number): string {
  if (kind === "address") return `cb:address:${orgNr}`;
  if (kind === "identity") return `cb:identity:web-${orgNr}-${n}`;
  return `cb:${kind}:${orgNr}-${n}`;
}

const SATELLITE_ID =
  /^cb:(?:(person|property|building|support_fact|article|tender|ip|license):(\d{9})-(0|[1-9]\d{0,2})|(address):(\d{9})|(identity):web-(\d{9})-(0|[1-9]\d?))$/;

/** Parses a satellite id into kind, owner organisation number and ordinal; null when not of that form. */
export function parseSatelliteId(id: string): { kind: SatelliteKind; orgNr: string; n: number } | null {
  const m = SATELLITE_ID.exec(id);
  if (!m) return null;
  if (m[1]) return { kind: m[1] as SatelliteKind, orgNr: m[2], n: Number(m[3]) };
  if (m[4]) return { kind: "address", orgNr: m[5], n: 0 };
  return { kind: "identity", orgNr: m[7], n: Number(m[8]) };
}
