import { describe, expect, it } from "vitest";
import { createGraph } from "./create-graph.js";

describe("lookups and fixtures", () => {
  const graph = createGraph({ seed: 1, orgs: 1_000_000 });
  const f = graph.fixtures();

  it("creating 1,000,000 organisations materialises none of them", () => {
    const before = process.memoryUsage().heapUsed;
    const other = createGraph({ seed: 2, orgs: 1_000_000 });
    expect(other.orgCount).toBe(1_000_000);
    // 1M payloads would take gigabytes; the lazy graph adds a few MB (catalog only).
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("every fixture id exists and every missing id is cleanly missing", () => {
    for (const id of [...f.known_ids, ...f.org_ids, ...f.subunit_ids, f.main_unit_with_many_subunits]) {
      expect(graph.getNode(id), id).toBeDefined();
      expect(graph.getNode(id)!.id).toBe(id);
    }
    for (const id of f.missing_ids) {
      expect(graph.getNode(id), id).toBeUndefined();
      expect(graph.edgesOf(id, "*")).toEqual([]);
    }
    for (const id of f.influencer_ids) {
      const node = graph.getInfluencer(id)!;
      expect(node.type).toBe("identity");
      expect(id).toMatch(/^cb:identity:instagram:[A-Za-z0-9._]{1,30}$/);
      expect(node.payload.username).toBe(id.split(":")[3]);
      expect(graph.getNode(id)).toBeUndefined();
    }
    expect(graph.subunits(f.main_unit_with_many_subunits.slice(7)).length).toBeGreaterThan(1000);
  });

  it("unknown and malformed ids are missing without a table", () => {
    const org = f.org_ids[3];
    const nr = org.slice(7);
    for (const id of [
      "cb:org:000000000",
      "cb:org:12345678",
      `${org}0`,
      `cb:person:${nr}-999`,
      `cb:person:${nr}-01`,
      `cb:address:${nr}-0`,
      "cb:identity:instagram:no.such.user",
      "cb:identity:instagram:ola.hansen0",
      "cb:x",
      "",
    ]) {
      expect(graph.getNode(id), id).toBeUndefined();
      expect(graph.getInfluencer(id), id).toBeUndefined();
    }
    expect(graph.financialHistory("800000001")).toEqual([]);
    expect(graph.subunits("800000001")).toEqual([]);
    expect(graph.groupParent("800000001")).toBeNull();
  });

  it("every resolve query finds something, exact numbers and ids first", () => {
    for (const q of f.resolve_queries) expect(graph.resolve(q, null, 10).length, q).toBeGreaterThan(0);
    const org = f.org_ids[2];
    expect(graph.resolve(org.slice(7), null, 5)).toEqual([expect.objectContaining({ id: org, type: "org" })]);
    expect(graph.resolve(org, ["org"], 5)[0].id).toBe(org);
    const node = graph.getNode(f.org_ids[4])!;
    expect(graph.resolve(String(node.name).toUpperCase(), ["org"], 3)[0].id).toBe(node.id);
    expect(graph.resolve("zzzz qqqq", null, 10)).toEqual([]);
    const word = String(node.name).split(" ")[0];
    const top = graph.resolve(word, null, 20);
    expect(top.length).toBe(20);
    expect(top[0].type).toBe("org");
    expect(graph.resolve(word, null, 5)).toEqual(top.slice(0, 5));
    for (let k = 1; k < top.length; k++) expect(top[k].score).toBeLessThanOrEqual(top[k - 1].score);
    expect(graph.resolve(f.missing_ids[0].slice(7), null, 10)).toEqual([]);
    const person = f.known_ids.find((id) => id.startsWith("cb:person:"))!;
    const candidates = graph.resolve(String(graph.getNode(person)!.name), ["person"], 50);
    expect(candidates.every((c) => c.type === "person")).toBe(true);
    expect(candidates.map((c) => c.id)).toContain(person);
  });

  it("search filters and traversal stay within their bounds", () => {
    const ids = graph.search({ municipality: "Bergen", org_form: "AS" }, 25);
    expect(ids.length).toBe(25);
    for (const id of ids) expect(graph.getNode(id)!.payload.org_form ?? "AS").toBe("AS");
    const t = graph.traverse([f.org_ids[5], "cb:org:800000001"], "*", 3, 60);
    expect(t.nodes.length).toBeLessThanOrEqual(60);
    expect(t.nodes[0]).toBe(f.org_ids[5]);
    const nodes = new Set(t.nodes);
    for (const e of t.edges) expect(nodes.has(e.src) && nodes.has(e.dst)).toBe(true);
    const roles = graph.traverse([f.org_ids[5]], ["HAS_ROLE"], 1, 100);
    expect(roles.edges.every((e) => e.predicate === "HAS_ROLE")).toBe(true);
  });
});
