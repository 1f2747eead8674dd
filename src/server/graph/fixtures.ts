/** Ids the runner and tests can rely on (shape: `ServerFixtures`). */
import type { ServerFixtures } from "../types.js";
import type { Catalog } from "./catalog.js";
import { INFLUENCER_COUNT, INFLUENCER_NETWORK, influencerUsername } from "./influencers.js";
import { topOwner } from "./ownership.js";
import { personName } from "./satellite-payloads.js";
import { satelliteCounts, satelliteId } from "./satellites.js";
import type { World } from "./world.js";

/** Main units searched for one with a long ownership chain (about one in eight has one). */
const CHAIN_SEARCH = 10_000;

/**
 * The first main unit whose top owner is two or more steps up, or undefined: its `group_parent` (the top
 * owner) differs from its direct owner, so a run can tell the two apart (`ext.group_parent_top_owner`).
 */
function deepOwned(world: World): number | undefined {
  for (let i = 1; i < Math.min(world.count, CHAIN_SEARCH); i++) {
    if (world.layout.isMain(i) && (topOwner(world, i)?.depth ?? 0) >= 2) return i;
  }
  return undefined;
}

/** Fixtures of a graph. */
export function buildFixtures(world: World, catalog: Catalog): ServerFixtures {
  const { layout } = world;
  const mains: number[] = [];
  const subs: number[] = [];
  for (let i = 1; i < world.count && (mains.length < 12 || subs.length < 8); i++) {
    const place = layout.place(i);
    if (place.parent < 0) {
      if (mains.length < 12) mains.push(i);
    } else if (subs.length < 8 && (place.parent !== layout.bigMain || subs.length < 2)) {
      subs.push(i);
    }
  }
  const deep = deepOwned(world);
  const orgIds = [
    ...new Set([0, ...layout.midMains, ...layout.richMains, ...mains, ...(deep === undefined ? [] : [deep])]),
  ].map((i) => world.orgId(i));
  const known = new Set<string>(orgIds.slice(0, 6));
  const personOwner = mains.find((i) => satelliteCounts(world.seed, i, layout.place(i)).person > 0);
  const personResolve: string[] = [];
  if (personOwner !== undefined) {
    const orgNr = world.numbers.toOrgNr(personOwner);
    known.add(satelliteId("person", orgNr, 0));
    known.add(satelliteId("address", orgNr, 0));
    personResolve.push(personName(world.seed, personOwner, 0));
  }
  const rich = layout.richMains[0];
  if (rich !== undefined) {
    const orgNr = world.numbers.toOrgNr(rich);
    for (const kind of [
      "support_fact",
      "article",
      "tender",
      "ip",
      "license",
      "property",
      "building",
      "identity",
    ] as const) {
      known.add(satelliteId(kind, orgNr, 0));
    }
  }
  for (const node of catalog.nodes.values()) {
    if (![...known].some((id) => id.startsWith(`cb:${node.type}:`))) known.add(node.id);
  }
  const beyond = world.count < 100_000_000 ? world.numbers.toOrgNr(world.count) : "800000000";
  const schemeName = catalog.schemes.find((s) => s.name)?.name;
  return {
    known_ids: [...known],
    org_ids: orgIds,
    subunit_ids: subs.map((i) => world.orgId(i)),
    main_unit_with_many_subunits: world.orgId(layout.bigMain),
    missing_ids: [
      `cb:org:${beyond}`,
      "cb:org:800000001",
      "cb:person:does-not-exist",
      "cb:support_scheme:none.none",
    ],
    // 30 ids: more than the 25-node cap of an influencer read, so the cap is reachable from the fixtures.
    influencer_ids: [...Array.from({ length: 28 }, (_, k) => k * 37), 901, INFLUENCER_COUNT - 1].map(
      (k) => `cb:identity:${INFLUENCER_NETWORK}:${influencerUsername(k)}`,
    ),
    resolve_queries: [
      world.core(mains[0] ?? 0).name,
      world.core(layout.richMains[0] ?? 0).name,
      world.numbers.toOrgNr(mains[1] ?? 0),
      world.core(0).label.split(" ")[0],
      ...personResolve,
      ...(schemeName ? [schemeName] : []),
    ],
  };
}
