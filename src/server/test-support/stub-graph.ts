/**
 * A tiny hand-made `Graph` for server tests: known counts of edges, sub-units and identities, so paging
 * and caps can be asserted exactly. (The real synthetic graph is `createGraph` in graph/.)
 */
import type { Graph, GraphEdge, GraphNode } from "../graph/graph.js";
import type { ServerFixtures } from "../types.js";

/** Organisation numbers of the stub: MAIN has 1,200 sub-units and 120 edges. */
export const STUB = {
  main: "910000001",
  small: "910000002",
  plain: "910000003",
  person: "cb:person:p1",
  missing: "cb:org:999999998",
} as const;

const org = (nr: string, name: string, activePredicates: Record<string, number>): GraphNode => ({
  id: `cb:org:${nr}`,
  type: "org",
  name,
  payload: {
    org_nr: nr,
    name,
    org_form: "AS",
    entity_type: "hovedenhet",
    employees: 12,
    city: "Oslo",
    revenue: 1_000_000,
    signature_text: "Daglig leder alene.",
    signature_status: "available",
    procuration_text: null,
    procuration_status: "none",
  },
  active_predicates: activePredicates,
});

const NODES = new Map<string, GraphNode>(
  [
    // The relations of EDGES below: person → MAIN (HAS_ROLE), then MAIN → SMALL, HAS_ROLE and OWNS in turn.
    org(STUB.main, "Hoved AS", { HAS_ROLE: 60, OWNS: 60 }),
    org(STUB.small, "Liten AS", { HAS_ROLE: 59, OWNS: 60 }),
    org(STUB.plain, "Vanlig AS", {}),
    {
      id: STUB.person,
      type: "person",
      name: "Kari Nordmann",
      payload: { uid: "p1", name: "Kari Nordmann", birth_year: 1970 },
    },
  ].map((n) => [n.id, n]),
);

const INFLUENCERS = new Map<string, GraphNode>(
  Array.from({ length: 30 }, (_, i) => {
    const id = `cb:identity:instagram:user_${i}`;
    const payload = {
      username: `user_${i}`,
      full_name: null,
      followers_count: i * 10,
      following_count: 1,
      posts_count: 2,
      is_private: false,
    };
    return [id, { id, type: "identity", name: `user_${i}`, payload }];
  }),
);

function edge(id: number, src: string, dst: string): GraphEdge {
  return {
    id,
    src,
    dst,
    predicate: id % 2 ? "HAS_ROLE" : "OWNS",
    props: { role: "DAGL" },
    confidence: 0.9,
    evidence_id: id,
  };
}

const MAIN_ID = `cb:org:${STUB.main}`;
const EDGES: GraphEdge[] = Array.from({ length: 120 }, (_, i) =>
  edge(i + 1, i === 0 ? STUB.person : MAIN_ID, i === 0 ? MAIN_ID : `cb:org:${STUB.small}`),
);

const SUBUNITS = Array.from({ length: 1200 }, (_, i) => {
  const nr = String(920000000 + i);
  return { id: `cb:org:${nr}`, org_nr: nr, parent_org_nr: STUB.main, name: `Avd ${i}` };
});

const FINANCE = Array.from({ length: 35 }, (_, i) => ({
  fiscal_year: 2025 - i,
  revenue: 1000 + i,
  source: "provider",
}));

/** The stub graph. */
export function stubGraph(): Graph {
  return {
    seed: 0,
    orgCount: 3,
    getNode: (id) => NODES.get(id),
    getInfluencer: (id) => INFLUENCERS.get(id),
    edgesOf: (id, predicates) =>
      EDGES.filter(
        (e) => (e.src === id || e.dst === id) && (predicates === "*" || predicates.includes(e.predicate)),
      ),
    financialHistory: (nr) => (nr === STUB.main ? FINANCE : []),
    subunits: (nr) => (nr === STUB.main ? SUBUNITS : nr === STUB.small ? SUBUNITS.slice(0, 3) : []),
    webIdentities: (nr) =>
      nr === STUB.main
        ? [
            {
              identity_type: "website",
              normalized_identifier: "hoved.no",
              display_name: null,
              full_url: "https://hoved.no",
              is_primary: true,
              site_kind: "site",
              site_status: "live",
            },
          ]
        : [],
    groupParent: (nr) =>
      nr === STUB.small ? { id: MAIN_ID, org_nr: STUB.main, depth: 1, name: "Hoved AS" } : null,
    resolve: (query, types, limit) =>
      [...NODES.values(), ...SUBUNITS.map((u) => ({ id: u.id, type: "org", name: u.name }))]
        .filter(
          (n) =>
            (types === null || types.includes(n.type)) &&
            ((n.name ?? "").toLowerCase().includes(query.toLowerCase()) ||
              // Exact identifiers, like the real graph: the node id or an organisation number.
              n.id === query ||
              n.id === `cb:org:${query}`),
        )
        .slice(0, limit)
        .map((n, i) => ({ id: n.id, type: n.type, name: n.name, score: 100 - i })),
    search: (_filters, limit) => [...NODES.keys()].filter((id) => id.startsWith("cb:org:")).slice(0, limit),
    traverse: (seeds, predicates, _hops, limit) => {
      const edges = seeds.flatMap((s) =>
        EDGES.filter(
          (e) => (e.src === s || e.dst === s) && (predicates === "*" || predicates.includes(e.predicate)),
        ),
      );
      const nodes = [...new Set(edges.flatMap((e) => [e.src, e.dst]))].slice(0, limit);
      return { nodes, edges };
    },
    fixtures: (): ServerFixtures => ({
      known_ids: [...NODES.keys()],
      org_ids: [MAIN_ID, `cb:org:${STUB.small}`, `cb:org:${STUB.plain}`],
      subunit_ids: [],
      main_unit_with_many_subunits: MAIN_ID,
      missing_ids: [STUB.missing],
      influencer_ids: [...INFLUENCERS.keys()].slice(0, 3),
      resolve_queries: ["Hoved", "AS"],
    }),
  };
}
