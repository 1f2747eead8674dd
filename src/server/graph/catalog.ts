/**
 * The catalog: eagerly built small node sets plus every edge that touches them, materialised with an
 * adjacency map (so edges between catalog nodes and a few organisations are visible from both ends).
 */
import {
  beliefTraditions,
  otherCatalogNodes,
  publicActors,
  stateFinanceNodes,
  supportSchemes,
} from "./catalog-nodes.js";
import { makeEdge, orNull } from "./edge-common.js";
import type { GraphEdge, GraphNode } from "./graph.js";
import { hash, Rng, SALT } from "./prng.js";
import type { World } from "./world.js";

/** First catalog edge id: above every organisation-owned edge id (index · 1024 + slot < 2^31). */
const CATALOG_EDGE_BASE = 2 ** 31;

/** Catalog nodes by id and edges by touching node id. */
export interface Catalog {
  nodes: Map<string, GraphNode>;
  schemes: GraphNode[];
  periods: GraphNode[];
  edgesByNode: Map<string, GraphEdge[]>;
}

/** Builds the catalog of a world. */
export function buildCatalog(world: World): Catalog {
  // Catalog edges land on main units spread over the first 20,000 organisations.
  const orgNrOf = (k: number): string => {
    let i = hash(world.seed, SALT.catalog, 99, k) % Math.min(world.count, 20_000);
    while (!world.layout.isMain(i)) i = (i + 1) % world.count;
    return world.numbers.toOrgNr(i);
  };
  const { schemes, periods } = supportSchemes(world.seed);
  const actors = publicActors(world.seed, orgNrOf);
  const finance = stateFinanceNodes(world.seed, orgNrOf);
  const beliefs = beliefTraditions();
  const { entities, groups, parties } = otherCatalogNodes();
  const all = [...schemes, ...periods, ...actors, ...finance, ...beliefs, ...entities, ...groups, ...parties];
  const nodes = new Map(all.map((n) => [n.id, n]));
  const edges: GraphEdge[] = [];
  const add = (
    src: string,
    dst: string,
    predicate: string,
    props: (rng: Rng) => Record<string, unknown>,
  ): void => {
    const id = CATALOG_EDGE_BASE + edges.length + 1;
    const rng = new Rng(world.seed, SALT.edge, id % 2 ** 31, 1);
    edges.push(makeEdge(rng, id, src, dst, predicate, props(rng)));
  };
  for (const p of periods) {
    const pay = p.payload;
    add(p.id, String(pay.scheme_node_id), "PERIOD_OF", () => ({
      period_key: pay.period_key,
      metadata_status: pay.metadata_status,
    }));
  }
  schemes.forEach((s, k) => {
    const actor = actors[4 + (k % 4)];
    add(s.id, actor.id, "ADMINISTERED_BY", (rng) => ({
      scheme_id: s.payload.scheme_id,
      scheme_url: s.payload.source_url,
      administrator_org_nr: actor.payload.identifier,
      administrator_name: actor.name,
      provider_org_nr: orNull(rng, actor.payload.identifier),
      provider_name: actor.name,
      provider_role: orNull(rng, "administrator"),
      department_org_nr: orNull(rng, actors[k % 4].payload.identifier, 0.3),
      department_name: actors[k % 4].name,
      provider_metadata_status: rng.pick(["complete", "partial", null]),
      identity_status: s.payload.identity_status,
    }));
  });
  for (const a of actors)
    add(a.id, `cb:org:${a.payload.identifier}`, "IDENTIFIED_AS", () => ({ source: "brreg" }));
  finance.forEach((f, k) => {
    if (k >= 12)
      add(f.id, finance[k % 12].id, "PART_OF", (rng) => ({
        fiscal_year: orNull(rng, 2024),
        temporal_basis: "budget",
      }));
    for (const b of f.payload.active_actor_bindings as Array<Record<string, unknown>>) {
      add(f.id, `cb:org:${b.org_nr}`, "HAS_ACTOR_BINDING", () => ({
        binding_role: b.binding_role,
        source_url: b.source_url,
      }));
    }
  });
  for (const b of beliefs) {
    if (b.payload.parent_code)
      add(
        b.id,
        `cb:belief_tradition:${String(b.payload.parent_code).toLowerCase()}`,
        "SUBTRADITION_OF",
        () => ({}),
      );
  }
  entities.forEach((e, k) => {
    add(e.id, `cb:org:${orgNrOf(100 + k)}`, "OPERATED_BY", (rng) => ({
      relationship_type: "operator",
      source: orNull(rng, "brreg"),
    }));
    add(e.id, groups[k % groups.length].id, "CLASSIFIED_AS", (rng) => ({
      community_id: orNull(rng, `c${k}`),
      score: rng.numeric(0.5 + k / 20),
    }));
  });
  parties.forEach((p, k) => {
    for (let c = 0; c < 3; c++) {
      add(`cb:org:${orgNrOf(200 + k * 3 + c)}`, p.id, "CONTRIBUTED_TO", (rng) => ({
        contribution_id: rng.chance(0.5) ? 10_000 + k * 3 + c : `bidrag-${k}-${c}`,
        amount: rng.numeric(rng.range(10, 500) * 1000),
        currency: "NOK",
        year: rng.range(2019, 2024),
        data_year: orNull(rng, 2024),
      }));
    }
  });
  const edgesByNode = new Map<string, GraphEdge[]>();
  for (const e of edges) {
    for (const end of e.src === e.dst ? [e.src] : [e.src, e.dst]) {
      const list = edgesByNode.get(end) ?? [];
      list.push(e);
      edgesByNode.set(end, list);
    }
  }
  return { nodes, schemes, periods, edgesByNode };
}
