/**
 * `createGraph({ seed, orgs })`: the deterministic synthetic graph of the reference server.
 * Start-up builds only the catalog (a few hundred nodes); organisations and everything around them are
 * derived on demand from (seed, index), with small LRU caches for hot nodes and edge lists.
 */

import { Lru } from "../../lru.js";
import type { ServerFixtures } from "../types.js";
import { buildCatalog } from "./catalog.js";
import { allEdgesOf } from "./edges-of.js";
import { financialHistoryOf, groupParentOf, subunitsOf, webIdentitiesOf } from "./extensions.js";
import { buildFixtures } from "./fixtures.js";
import type { Graph, GraphEdge, GraphNode } from "./graph.js";
import { influencerNode } from "./influencers.js";
import { countPredicates, lookupNode } from "./nodes.js";
import type { EdgeStub } from "./org-edges.js";
import { resolveQuery } from "./resolve.js";
import { SampleIndex } from "./sample-index.js";
import { searchOrgs } from "./search.js";
import { traverseGraph } from "./traverse.js";
import { MAX_ORGS, World } from "./world.js";

/** Options of `createGraph`. */
export interface GraphOptions {
  /** Seed; the same seed always gives the same graph. Non-negative integer. */
  seed: number;
  /** Number of organisations, 1 to 1,000,000. */
  orgs: number;
}

/** Graphs by `seed/orgs`, for servers started one after another in one process (a test file, `monitor`). */
const SHARED = new Lru<string, Graph>(4);

/**
 * The graph of `options`, shared with every other caller in the process: it is deterministic and read-only
 * (nodes frozen, lists copied, fixtures cloned per caller), and building it again with its name index for
 * each server was a tenth of a seeded-bug run's CPU (the mutation matrix starts one server per bug).
 */
export function sharedGraph(options: GraphOptions): Graph {
  return SHARED.get(`${options.seed}/${options.orgs}`, () => createGraph(options));
}

/** Creates the synthetic graph (throws RangeError on options out of range). */
export function createGraph(options: GraphOptions): Graph {
  const { seed, orgs } = options;
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
    throw new RangeError("seed must be an integer in [0, 2^32)");
  if (!Number.isInteger(orgs) || orgs < 1 || orgs > MAX_ORGS)
    throw new RangeError(`orgs must be an integer in [1, ${MAX_ORGS}]`);
  const world = new World(seed, orgs);
  const catalog = buildCatalog(world);
  const edgeCache = new Lru<string, EdgeStub[]>(5000);
  const nodeCache = new Lru<string, GraphNode | undefined>(5000);
  // Sub-unit lists are the costliest extension (1,200 payloads for the big main unit); keep a few.
  const subunitCache = new Lru<number, Record<string, unknown>[]>(64);
  let sample: SampleIndex | undefined;
  let fixtures: ServerFixtures | undefined;
  const orgIndex = (orgNr: string): number => world.numbers.toIndex(orgNr);

  const edgesAll = (id: string): EdgeStub[] => edgeCache.get(id, () => allEdgesOf(world, catalog, id));
  const getNode = (id: string): GraphNode | undefined => {
    if (id.length < 3 || id.length > 300) return undefined;
    return nodeCache.get(id, () => {
      const found = lookupNode(world, catalog, id);
      if (!found) return undefined;
      found.active_predicates = countPredicates(edgesAll(id));
      // Shared with every later caller: frozen so an accidental mutation fails loudly instead of leaking.
      Object.freeze(found.payload);
      Object.freeze(found.active_predicates);
      return Object.freeze(found);
    });
  };

  const edgesOf = (id: string, predicates: string[] | "*"): GraphEdge[] => {
    const all = edgesAll(id);
    if (predicates === "*" || predicates.includes("*")) return all.map((e) => e.edge());
    const wanted = new Set(predicates);
    return all.filter((e) => wanted.has(e.predicate)).map((e) => e.edge());
  };

  return {
    seed,
    orgCount: orgs,
    getNode,
    getInfluencer: (id) => influencerNode(seed, id),
    edgesOf,
    financialHistory: (orgNr) => (orgIndex(orgNr) < 0 ? [] : financialHistoryOf(world, orgIndex(orgNr))),
    subunits(orgNr) {
      const i = orgIndex(orgNr);
      return i < 0
        ? []
        : subunitCache.get(i, () => subunitsOf(world, i).map((el) => Object.freeze(el))).slice();
    },
    webIdentities: (orgNr) => (orgIndex(orgNr) < 0 ? [] : webIdentitiesOf(world, catalog, orgIndex(orgNr))),
    groupParent: (orgNr, reach) =>
      orgIndex(orgNr) < 0 ? null : groupParentOf(world, orgIndex(orgNr), reach),
    resolve(query, types, limit) {
      const index = (): SampleIndex => {
        sample ??= new SampleIndex(world, catalog);
        return sample;
      };
      return resolveQuery(world, getNode, index, query, types, limit);
    },
    search: (filters, limit) => searchOrgs(world, filters, limit),
    traverse(seeds, predicates, hops, limit) {
      return traverseGraph(edgesOf, (id) => getNode(id) !== undefined, seeds, predicates, hops, limit);
    },
    fixtures() {
      fixtures ??= buildFixtures(world, catalog);
      return structuredClone(fixtures);
    },
  };
}
