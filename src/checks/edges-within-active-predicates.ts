import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { arrayAt, isObject, pointer } from "./support/json.js";
import { entityData } from "./support/response.js";

/** Delivered edges of one predicate touching a node: leaving it, entering it, and in all. */
interface Tally {
  out: number;
  in: number;
  touching: number;
}

/** The tallies of every node an edge touches, by node id and predicate: one pass over the edges. */
function tallies(edges: Record<string, unknown>[]): Map<unknown, Map<string, Tally>> {
  const byNode = new Map<unknown, Map<string, Tally>>();
  const bump = (id: unknown, predicate: string, side: "out" | "in"): Tally => {
    const byPredicate = byNode.get(id) ?? new Map<string, Tally>();
    byNode.set(id, byPredicate);
    const t = byPredicate.get(predicate) ?? { out: 0, in: 0, touching: 0 };
    byPredicate.set(predicate, t);
    t[side]++;
    return t;
  };
  for (const e of edges) {
    if (typeof e.predicate !== "string") continue;
    bump(e.src, e.predicate, "out").touching++;
    if (e.dst === e.src) bump(e.dst, e.predicate, "in");
    else bump(e.dst, e.predicate, "in").touching++;
  }
  return byNode;
}

/**
 * `edges.within_active_predicates`: a page delivers no more relations of a predicate than the node's
 * `active_predicates` says exist (Node: "lists which relations exist and how many"). The contract does not
 * say whether a count covers outgoing, incoming or both directions, so it is an error only when every
 * reading is exceeded (more outgoing and more incoming edges than the count); more edges touching the node
 * than counted in one reading only, or a delivered predicate the node does not list, is a warning.
 */
export const edgesWithinActivePredicates: Check = {
  id: "edges.within_active_predicates",
  section: "Resources and their fields / Node",
  sentence:
    "`active_predicates` | object: predicate name to integer >= 0 | optional; lists which relations exist and how many",
  level: "fail or warn",
  appliesTo: (x) => (arrayAt(entityData(x), "edges")?.length ?? 0) > 0,
  run(x) {
    const data = entityData(x);
    const edges = (arrayAt(data, "edges") ?? []).filter(isObject);
    const byNode = tallies(edges);
    const out: CheckFailure[] = [];
    (arrayAt(data, "entities") ?? []).forEach((node, i) => {
      if (!isObject(node) || typeof node.id !== "string" || !isObject(node.active_predicates)) return;
      const counts = node.active_predicates;
      for (const [predicate, t] of byNode.get(node.id) ?? []) {
        const count = counts[predicate];
        const listed = typeof count === "number";
        const limit = listed ? count : 0;
        if (t.touching <= limit) continue;
        const everyReading = listed && t.out > limit && t.in > limit;
        out.push(
          failure(edgesWithinActivePredicates, {
            title: listed
              ? `more ${predicate} edges of ${node.id} delivered than active_predicates counts`
              : `${predicate} edges of ${node.id} delivered, but active_predicates does not list ${predicate}`,
            pointer: pointer("data", "entities", i, "active_predicates", predicate),
            expected: listed
              ? `at most ${count} ${predicate} relation(s)`
              : `${predicate} listed with its count`,
            received: `${t.out} outgoing and ${t.in} incoming ${predicate} edge(s) on this page`,
            ...(everyReading ? {} : { severity: "warning" as const }),
          }),
        );
      }
    });
    return out.slice(0, 5);
  },
};
