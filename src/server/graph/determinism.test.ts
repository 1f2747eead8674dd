import { describe, expect, it } from "vitest";
import { createGraph, sharedGraph } from "./create-graph.js";
import type { Graph } from "./graph.js";

/** Everything the HTTP layer can read about the fixtures, as one string. */
function snapshot(graph: Graph): string {
  const f = graph.fixtures();
  const ids = [...f.known_ids, ...f.org_ids, ...f.subunit_ids];
  return JSON.stringify({
    f,
    nodes: ids.map((id) => graph.getNode(id)),
    edges: ids.map((id) => graph.edgesOf(id, "*")),
    ext: f.org_ids.map((id) => {
      const nr = id.slice(7);
      return [graph.financialHistory(nr), graph.subunits(nr), graph.webIdentities(nr), graph.groupParent(nr)];
    }),
    influencers: f.influencer_ids.map((id) => graph.getInfluencer(id)),
    resolve: f.resolve_queries.map((q) => graph.resolve(q, null, 10)),
    search: graph.search({ municipality: "Oslo" }, 20),
    traverse: graph.traverse([f.org_ids[1]], "*", 2, 100),
  });
}

describe("determinism", () => {
  it("the same seed gives byte-identical output; another seed gives other data", () => {
    const a = snapshot(createGraph({ seed: 11, orgs: 2500 }));
    const b = snapshot(createGraph({ seed: 11, orgs: 2500 }));
    const c = snapshot(createGraph({ seed: 12, orgs: 2500 }));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it("repeated reads from one graph return equal values (caches do not change output)", () => {
    const graph = createGraph({ seed: 5, orgs: 2000 });
    expect(snapshot(graph)).toBe(snapshot(graph));
  });

  it("servers of one process share the graph of a seed and size, and its reads stay the graph's own", () => {
    const shared = sharedGraph({ seed: 11, orgs: 2500 });
    expect(sharedGraph({ seed: 11, orgs: 2500 })).toBe(shared);
    expect(sharedGraph({ seed: 11, orgs: 2501 })).not.toBe(shared);
    expect(sharedGraph({ seed: 12, orgs: 2500 })).not.toBe(shared);
    // A caller that changes what it was given changes nobody else's: fixtures are cloned, lists copied.
    shared.fixtures().known_ids.length = 0;
    const nr = shared.fixtures().org_ids[1].slice(7);
    shared.subunits(nr).length = 0;
    expect(snapshot(shared)).toBe(snapshot(createGraph({ seed: 11, orgs: 2500 })));
  });

  it("small graphs still have consistent fixtures", () => {
    for (const orgs of [1, 7, 300]) {
      const graph = createGraph({ seed: 9, orgs });
      const f = graph.fixtures();
      for (const id of [...f.known_ids, ...f.org_ids, ...f.subunit_ids])
        expect(graph.getNode(id), id).toBeDefined();
      for (const id of f.missing_ids) expect(graph.getNode(id), id).toBeUndefined();
      for (const q of f.resolve_queries) expect(graph.resolve(q, null, 5).length, q).toBeGreaterThan(0);
      expect(graph.search({}, 1000).length).toBe(orgs);
    }
  });

  it("rejects options out of range", () => {
    expect(() => createGraph({ seed: -1, orgs: 10 })).toThrow(RangeError);
    expect(() => createGraph({ seed: 1, orgs: 0 })).toThrow(RangeError);
    expect(() => createGraph({ seed: 1, orgs: 1_000_001 })).toThrow(RangeError);
  });
});
