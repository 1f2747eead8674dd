import { describe, expect, it } from "vitest";
import { EDGE_PROPS, fieldProblems, ORG_FIELDS, OTHER_PAYLOADS } from "./contract-spec.js";
import { createGraph } from "./create-graph.js";
import type { GraphEdge } from "./graph.js";

const graph = createGraph({ seed: 3, orgs: 2200 });
const all = new Map<string, ReturnType<typeof graph.getNode>>();

describe("graph invariants (2,200 organisations)", () => {
  // An unfiltered search lists every organisation in index order.
  const ids = graph.search({}, 2200);

  it("search without filters lists every organisation once", () => {
    expect(ids.length).toBe(2200);
    expect(new Set(ids).size).toBe(2200);
  });

  it("every org payload field has the contract type, and every field appears somewhere", () => {
    const seen = new Set<string>();
    const nulls = new Set<string>();
    const problems: string[] = [];
    for (const id of ids) {
      const node = graph.getNode(id)!;
      all.set(id, node);
      if (node.type !== "org") problems.push(`${id}: type ${node.type}`);
      for (const p of fieldProblems(node.payload, ORG_FIELDS)) problems.push(`${id}: ${p}`);
      for (const [k, v] of Object.entries(node.payload)) (v === null ? nulls : seen).add(k);
    }
    expect(problems).toEqual([]);
    expect([...Object.keys(ORG_FIELDS)].filter((k) => !seen.has(k))).toEqual([]);
    expect(nulls.size).toBeGreaterThan(20);
  });

  it("sub-units point at their main unit and appear in its list", () => {
    let subCount = 0;
    const lists = new Map<string, string[]>();
    const listOf = (nr: string): string[] => {
      if (!lists.has(nr))
        lists.set(
          nr,
          graph.subunits(nr).map((s) => String(s.id)),
        );
      return lists.get(nr)!;
    };
    for (const id of ids) {
      const p = all.get(id)!.payload;
      if (p.entity_type !== "underenhet") continue;
      subCount++;
      const parent = graph.getNode(`cb:org:${p.parent_org_nr}`)!;
      expect(parent.payload.entity_type).toBe("hovedenhet");
      expect(listOf(String(p.parent_org_nr))).toContain(id);
    }
    expect(subCount).toBeGreaterThan(1200 + 51 * 3);
    const sizes = ids.map((id) => listOf(id.slice(7)).length);
    expect(Math.max(...sizes)).toBeGreaterThan(1000);
    expect(sizes.filter((n) => n >= 51 && n <= 100).length).toBeGreaterThanOrEqual(3);
    for (const el of graph.subunits(graph.fixtures().main_unit_with_many_subunits.slice(7)).slice(0, 50)) {
      expect(el.industry_code).toBe(el.nace_code);
      expect(el.address_street).toBe(el.address);
      expect(el.address_city).toBe(el.city);
    }
  });

  it("active_predicates match edgesOf, edges are ascending, unique and the same from both ends", () => {
    const byId = new Map<number, string>();
    let over50 = 0;
    // Problems are collected and asserted once: an expect per edge (tens of thousands) cost seconds of CPU.
    const problems: string[] = [];
    for (const id of ids) {
      const edges = graph.edgesOf(id, "*");
      if (edges.length > 50) over50++;
      const counts: Record<string, number> = {};
      edges.forEach((e, k) => {
        counts[e.predicate] = (counts[e.predicate] ?? 0) + 1;
        if (k > 0 && !(e.id > edges[k - 1].id)) problems.push(`${id}: edge ${e.id} after ${edges[k - 1].id}`);
        const json = JSON.stringify(e);
        const before = byId.get(e.id);
        if (before !== undefined && before !== json)
          problems.push(`edge ${e.id}: ${before} from one end, ${json} from ${id}`);
        byId.set(e.id, json);
      });
      expect(all.get(id)!.active_predicates, id).toEqual(counts);
      for (const pred of Object.keys(counts)) {
        const listed = graph.edgesOf(id, [pred]).length;
        if (listed !== counts[pred])
          problems.push(`${id}: ${listed} ${pred} edges listed, ${counts[pred]} counted`);
      }
    }
    expect(problems).toEqual([]);
    expect(over50).toBeGreaterThanOrEqual(5);
    for (const json of [...byId.values()].slice(0, 3000)) {
      const e = JSON.parse(json) as GraphEdge;
      for (const end of [e.src, e.dst])
        if (!graph.edgesOf(end, "*").some((x) => x.id === e.id))
          problems.push(`edge ${e.id} missing at ${end}`);
    }
    expect(problems).toEqual([]);
  });

  it("edges carry only allowed props with the contract types", () => {
    const edges = ids.flatMap((id) => graph.edgesOf(id, "*"));
    const stringNumerics = edges.filter((e) =>
      Object.values(e.props).some((v) => typeof v === "string" && /^\d/.test(v)),
    );
    expect(stringNumerics.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const e of edges) {
      for (const p of fieldProblems(e.props, EDGE_PROPS)) problems.push(`edge ${e.id}: ${p}`);
      if (!(Number.isInteger(e.id) && e.id > 0)) problems.push(`edge id ${e.id}`);
      if (!(Number.isInteger(e.evidence_id) && e.evidence_id > 0))
        problems.push(`edge ${e.id}: evidence_id ${e.evidence_id}`);
      if (!(e.confidence >= 0 && e.confidence <= 1))
        problems.push(`edge ${e.id}: confidence ${e.confidence}`);
    }
    expect(problems).toEqual([]);
  });

  it("support edges name the same scheme and period as the support fact", () => {
    let checked = 0;
    for (const id of ids) {
      for (const e of graph.edgesOf(id, ["RECEIVED_SUPPORT"])) {
        const fact = graph.getNode(e.dst)!.payload;
        if (fact.scheme_node_id !== null) expect(e.props.scheme_node_id).toBe(fact.scheme_node_id);
        if (fact.period_node_id !== null && e.props.period_node_id !== null) {
          expect(e.props.period_node_id).toBe(fact.period_node_id);
        }
        expect(graph.getNode(String(e.props.scheme_node_id))?.type).toBe("support_scheme");
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it("extensions keep their contract bounds", () => {
    let full = 0;
    let withParent = 0;
    for (const id of ids) {
      const nr = id.slice(7);
      const rows = graph.financialHistory(nr);
      expect(rows.length).toBeLessThanOrEqual(30);
      if (rows.length === 30) full++;
      const years = rows.map((r) => r.fiscal_year as number);
      expect(years).toEqual([...years].sort((a, b) => b - a));
      expect(new Set(years).size).toBe(years.length);
      expect(graph.webIdentities(nr).length).toBeLessThanOrEqual(10);
      const parent = graph.groupParent(nr);
      if (parent) {
        withParent++;
        expect(parent.org_nr).toMatch(/^\d{9}$/);
        expect(Number.isInteger(parent.depth)).toBe(true);
      }
    }
    expect(full).toBeGreaterThan(0);
    expect(withParent).toBeGreaterThan(0);
  });

  it("satellite and catalog payloads follow their tables", () => {
    const types = new Set<string>();
    const edges = ids.filter((_, k) => k % 5 === 0).flatMap((id) => graph.edgesOf(id, "*"));
    for (const nodeId of new Set([...graph.fixtures().known_ids, ...edges.flatMap((e) => [e.src, e.dst])])) {
      const node = graph.getNode(nodeId);
      expect(node, nodeId).toBeDefined();
      if (!node || node.type === "org") continue;
      types.add(node.type);
      const spec = OTHER_PAYLOADS[node.type];
      expect(fieldProblems(node.payload, spec.fields, spec.required), nodeId).toEqual([]);
    }
    expect([...types].sort()).toEqual(Object.keys(OTHER_PAYLOADS).sort());
  });
});
