/**
 * Organisation name matching without scanning: each query word is looked up in the three name-word
 * lists, and only the index triples those words allow are enumerated (bounded), then inverted.
 */
import type { GraphCandidate } from "./graph.js";
import { NAME_A, NAME_B, NAME_C } from "./words.js";
import type { World } from "./world.js";

const LISTS = [NAME_A, NAME_B, NAME_C].map((list) => list.map((w) => w.toLowerCase()));
const MAX_COMBOS = 40_000;

/** Lower-case words of a query. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[\s,;:()"]+/)
    .filter((w) => w.length > 0);
}

/** Organisation candidates for a name query, best first, at most `limit`. */
export function matchOrgNames(world: World, query: string, limit: number): GraphCandidate[] {
  const words = queryWords(query);
  const allowed: Array<Set<number> | null> = [null, null, null];
  let matched = 0;
  words.forEach((word, k) => {
    let hit = false;
    LISTS.forEach((list, pos) => {
      // Exact word, or a prefix (≥ 3 letters) for the word being typed last.
      const isLast = k === words.length - 1 && word.length >= 3;
      list.forEach((w, idx) => {
        if (w === word || (isLast && w.startsWith(word))) {
          allowed[pos] ??= new Set();
          allowed[pos].add(idx);
          hit = true;
        }
      });
    });
    if (hit) matched++;
  });
  if (matched === 0) return [];
  const range = (s: Set<number> | null): number[] =>
    s ? [...s].sort((x, y) => x - y) : [...Array(100).keys()];
  const [as, bs, cs] = allowed.map(range);
  const normalised = words.join(" ");
  const out: GraphCandidate[] = [];
  let combos = 0;
  for (const a of as) {
    for (const b of bs) {
      for (const c of cs) {
        if (out.length >= limit || ++combos > MAX_COMBOS) return rank(out);
        const i = world.names.inverse(a * 10_000 + b * 100 + c);
        if (i >= world.count) continue;
        const core = world.core(i);
        const exact = core.name.toLowerCase() === normalised;
        // Organisation names outrank other nodes whose names merely contain the same words.
        const score = (exact ? 100 : 0) + 10 * matched + 5 - (words.length - matched);
        out.push({ id: core.id, type: "org", name: core.name, score });
      }
    }
  }
  return rank(out);
}

/** Best score first; equal scores keep enumeration order, so a larger limit only appends candidates. */
function rank(list: GraphCandidate[]): GraphCandidate[] {
  return list.sort((x, y) => y.score - x.score);
}
