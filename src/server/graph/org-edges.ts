/**
 * Edges owned by one organisation: everything about it and its satellites, plus the edge to its main
 * unit and to its owner. Edge id = index · 1024 + slot + 1, so ids are unique and stable; an edge is
 * built the same way whichever of its ends asks for it.
 */
import { makeEdge, orNull } from "./edge-common.js";
import type { GraphEdge } from "./graph.js";
import { ownerOf } from "./ownership.js";
import { hash, Rng, SALT } from "./prng.js";
import { satelliteEdgeProps } from "./satellite-edges.js";
import { satelliteCounts, satelliteId } from "./satellites.js";
import { supportChoice } from "./support-choice.js";
import { ROLES } from "./words.js";
import type { World } from "./world.js";

/** Edge-id stride per organisation index. */
const SLOTS = 1024;

/** Organisation a person (o, 0) also holds a role in, or -1 (looks at most 5 indices ahead). */
export function secondaryTarget(world: World, o: number): number {
  const h = hash(world.seed, SALT.secondary, o);
  if (h % 100 >= 30 || !world.layout.isMain(o)) return -1;
  if (satelliteCounts(world.seed, o, world.layout.place(o)).person === 0) return -1;
  const t = o + 1 + ((h >>> 8) % 5);
  return world.layout.isMain(t) ? t : -1;
}

/** An edge whose ends and predicate are known and whose props are built on first use (cheap to count). */
export interface EdgeStub {
  id: number;
  src: string;
  dst: string;
  predicate: string;
  /** The full edge, built once. */
  edge(): GraphEdge;
}

/** All edges owned by organisation i, ascending by id. */
export function ownedEdges(world: World, i: number): EdgeStub[] {
  const place = world.layout.place(i);
  const orgNr = world.numbers.toOrgNr(i);
  const orgId = `cb:org:${orgNr}`;
  const out: EdgeStub[] = [];
  const edge = (
    slot: number,
    src: string,
    dst: string,
    predicate: string,
    props: (rng: Rng) => Record<string, unknown>,
  ): void => {
    const id = i * SLOTS + slot + 1;
    let built: GraphEdge | undefined;
    const build = (): GraphEdge => {
      const rng = new Rng(world.seed, SALT.edge, i, slot);
      return makeEdge(rng, id, src, dst, predicate, props(rng));
    };
    out.push({ id, src, dst, predicate, edge: () => (built ??= build()) });
  };
  if (place.parent >= 0) {
    edge(0, world.orgId(place.parent), orgId, "HAS_SUBUNIT", (rng) => ({
      source: "brreg",
      relationship_type: orNull(rng, "subunit"),
    }));
  }
  const owner = ownerOf(world, i);
  if (owner >= 0)
    edge(1, world.orgId(owner), orgId, "OWNS_SHARES", (rng) => shareProps(rng, 0.5 + rng.next() / 2));
  const counts = satelliteCounts(world.seed, i, place);
  const person = (n: number): string => satelliteId("person", orgNr, n);
  const target = secondaryTarget(world, i);
  if (target >= 0) edge(2, person(0), world.orgId(target), "HAS_ROLE", roleProps);
  for (let n = 0; n < counts.person; n++) edge(3 + n, person(n), orgId, "HAS_ROLE", roleProps);
  for (let n = 0; n < Math.min(2, counts.person); n++) {
    if (hash(world.seed, SALT.edge, i, 10 + n) % 2 === 0) {
      edge(10 + n, person(n), orgId, "OWNS_SHARES", (rng) => shareProps(rng, rng.next() / 2));
    }
  }
  edge(20, orgId, satelliteId("address", orgNr, 0), "LOCATED_AT", (rng) => ({
    source: "brreg",
    temporal_basis: orNull(rng, "current"),
  }));
  for (let n = 0; n < counts.property; n++) {
    edge(21 + n, orgId, satelliteId("property", orgNr, n), "OWNS_PROPERTY", (rng) => ({
      percentage: rng.numeric(100),
      source: "matrikkelen",
    }));
  }
  for (let n = 0; n < counts.building; n++) {
    edge(
      24 + n,
      satelliteId("property", orgNr, n),
      satelliteId("building", orgNr, n),
      "HAS_BUILDING",
      () => ({ source: "matrikkelen" }),
    );
  }
  const ranges: Array<
    [number, "identity" | "support_fact" | "article" | "tender" | "ip" | "license", string]
  > = [
    [30, "identity", "HAS_WEB_IDENTITY"],
    [100, "support_fact", "RECEIVED_SUPPORT"],
    [300, "article", "MENTIONED_IN"],
    [500, "tender", "WON_TENDER"],
    [600, "ip", "HOLDS_IP"],
    [700, "license", "HAS_LICENSE"],
  ];
  for (const [base, kind, predicate] of ranges) {
    for (let n = 0; n < counts[kind]; n++) {
      edge(base + n, orgId, satelliteId(kind, orgNr, n), predicate, (rng) =>
        satelliteEdgeProps(rng, kind, orgNr, n, () => supportChoice(world.seed, i, n)),
      );
    }
  }
  return out;
}

/** Props of a HAS_ROLE edge. */
function roleProps(rng: Rng): Record<string, unknown> {
  const [code, name] = rng.pick(ROLES);
  return {
    role: code.toLowerCase(),
    role_code: code,
    role_name: orNull(rng, name),
    source: "brreg",
    data_year: orNull(rng, 2024, 0.5),
  };
}

/** Props of an OWNS_SHARES edge; numeric props are sometimes decimal strings (contract: numeric). */
function shareProps(rng: Rng, fraction: number): Record<string, unknown> {
  const total = rng.pick([100, 1000, 30000, 1_000_000]);
  const shares = Math.max(1, Math.round(total * fraction));
  const pct = Math.round((shares / total) * 10000) / 100;
  return {
    shares: rng.numeric(shares),
    share_count: orNull(rng, shares),
    total_shares: rng.numeric(total),
    ownership_percentage: rng.numeric(pct),
    share_percentage: orNull(rng, pct, 0.5),
    share_class: orNull(rng, "Ordinære aksjer"),
    year: orNull(rng, 2024),
    source: "aksjonærregisteret",
    snapshot_id: orNull(rng, "ar-2024", 0.3),
  };
}
