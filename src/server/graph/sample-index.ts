/**
 * Name index for resolvable non-organisation nodes: every catalog node plus the people, properties and
 * support facts of a bounded sample of organisations (the first 2,000), so a query never scans 1M orgs.
 */
import type { Catalog } from "./catalog.js";
import type { GraphCandidate } from "./graph.js";
import { queryWords } from "./org-name-match.js";
import { satellitePayload } from "./satellite-payloads.js";
import { type SatelliteKind, satelliteCounts, satelliteId } from "./satellites.js";
import type { World } from "./world.js";

const SAMPLE_ORGS = 2000;
const CATALOG_TYPES = new Set([
  "entity",
  "belief_tradition",
  "support_scheme",
  "support_scheme_period",
  "public_actor",
  "state_finance_node",
]);
const SAMPLE_KINDS: SatelliteKind[] = ["person", "property", "support_fact"];

interface Entry {
  id: string;
  type: string;
  name: string;
  lower: string;
}

/** Word → entries, built once on first use. */
export class SampleIndex {
  private readonly entries: Entry[] = [];
  private readonly byWord = new Map<string, number[]>();

  constructor(world: World, catalog: Catalog) {
    for (const node of catalog.nodes.values()) {
      if (CATALOG_TYPES.has(node.type) && node.name) this.add(node.id, node.type, node.name);
    }
    for (let i = 0; i < Math.min(world.count, SAMPLE_ORGS); i++) {
      const core = world.core(i);
      const counts = satelliteCounts(world.seed, i, core.place);
      for (const kind of SAMPLE_KINDS) {
        for (let n = 0; n < counts[kind]; n++) {
          const { name } = satellitePayload(world.seed, catalog, core, kind, n);
          if (name) this.add(satelliteId(kind, core.orgNr, n), kind, name);
        }
      }
    }
  }

  private add(id: string, type: string, name: string): void {
    const k = this.entries.push({ id, type, name, lower: queryWords(name).join(" ") }) - 1;
    for (const w of new Set(queryWords(name))) {
      const list = this.byWord.get(w) ?? [];
      list.push(k);
      this.byWord.set(w, list);
    }
  }

  /** Candidates sharing words with the query, most shared words first; exact names score highest. */
  match(query: string, types: Set<string> | null, limit: number): GraphCandidate[] {
    const words = [...new Set(queryWords(query))];
    const hits = new Map<number, number>();
    for (const w of words) for (const k of this.byWord.get(w) ?? []) hits.set(k, (hits.get(k) ?? 0) + 1);
    const normalised = queryWords(query).join(" ");
    const out: GraphCandidate[] = [];
    for (const [k, count] of hits) {
      const e = this.entries[k];
      if (types && !types.has(e.type)) continue;
      const score = (e.lower === normalised ? 100 : 0) + 10 * count - queryWords(e.name).length / 10;
      out.push({ id: e.id, type: e.type, name: e.name, score });
    }
    out.sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1));
    return out.slice(0, limit);
  }
}
