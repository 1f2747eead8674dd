/**
 * Coverage lists (Resources / Response envelope: `coverage.requested`, `coverage.missing`), shared by
 * entity reads of both datasets, search and traversals: which requested ids were found and which are unknown.
 */
import type { ServerState } from "../state.js";

/** Found nodes (in request order, each once) and unknown ids. */
export function lookup<T>(ids: string[], get: (id: string) => T | undefined | null) {
  const found: T[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    const node = get(id);
    if (node) found.push(node);
    else missing.push(id);
  }
  return { found, missing };
}

/** Coverage lists as delivered (two seeded bugs bend them). */
export function coverageLists(state: ServerState, requested: string[], missing: string[]) {
  const req = state.bugs.requestedExtraId ? [...requested, "cb:org:000000000"] : requested;
  const miss = state.bugs.missingOmitsLast ? missing.slice(0, -1) : missing;
  return { requested: req, missing: miss };
}
