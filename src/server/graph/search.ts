/**
 * POST /search over organisations (request shape invented by the reference server). Uses only the
 * cheap per-index attributes, so even a full scan of 1,000,000 organisations stays fast.
 */
import type { SearchFilters } from "./graph.js";
import type { World } from "./world.js";

/** Organisation ids matching every given filter, in index order, at most `limit`. */
export function searchOrgs(world: World, filters: SearchFilters, limit: number): string[] {
  const out: string[] = [];
  const municipality = filters.municipality?.toLowerCase();
  for (let i = 0; i < world.count && out.length < limit; i++) {
    const place = world.layout.place(i);
    if (filters.org_form && world.form(i, place)[0] !== filters.org_form) continue;
    if (municipality !== undefined || filters.municipality_code !== undefined) {
      const [code, name] = world.municipality(i);
      if (municipality !== undefined && name.toLowerCase() !== municipality) continue;
      if (filters.municipality_code !== undefined && code !== filters.municipality_code) continue;
    }
    if (filters.nace_code && !world.nace(i, place)[0].startsWith(filters.nace_code)) continue;
    if (filters.revenue_min !== undefined || filters.revenue_max !== undefined) {
      const revenue = world.revenue(i, place);
      if (revenue === null) continue;
      if (filters.revenue_min !== undefined && revenue < filters.revenue_min) continue;
      if (filters.revenue_max !== undefined && revenue > filters.revenue_max) continue;
    }
    out.push(world.orgId(i));
  }
  return out;
}
