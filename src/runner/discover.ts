/**
 * Without `--fixtures`, finds ids on the target through `/resolve` (and one batch read to tell main units
 * from sub-units). Every call is judged like any other and counted against the budget.
 */
import { HarnessError } from "../errors.js";
import { normaliseFixtures, type TargetFixtures } from "../vocabulary/target-fixtures.js";
import { judgeAndRecord } from "./judge-record.js";
import type { SuiteContext } from "./suite.js";

/** Short queries likely to match some names on any company graph. */
const QUERIES = ["as", "a", "e", "holding", "1", "o", "n"];
const ORG = /^cb:org:\d{9}$/;

function candidates(json: unknown): { id: string; type: string }[] {
  const data = (json as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) return [];
  return data.filter(
    (c): c is { id: string; type: string } => typeof c?.id === "string" && typeof c?.type === "string",
  );
}

/** Discovers fixtures; throws HarnessError `CB_FIXTURES` when no id at all can be found. */
export async function discoverFixtures(ctx: SuiteContext, seed: number): Promise<TargetFixtures> {
  const known = new Set<string>();
  const orgs = new Set<string>();
  const queries: string[] = [];
  for (const query of QUERIES) {
    const ex = await ctx.send({
      operation: "resolve",
      method: "GET",
      path: "/resolve",
      query: { query, limit: "50" },
    });
    judgeAndRecord(ctx, ex, { onlyFailures: true });
    const found = ex.response?.status === 200 ? candidates(ex.response.json) : [];
    if (found.length > 0) queries.push(query);
    for (const c of found) {
      known.add(c.id);
      if (c.type === "org" && ORG.test(c.id)) orgs.add(c.id);
    }
    if (orgs.size >= 20 && known.size >= 40) break;
  }
  if (known.size === 0) {
    throw new HarnessError("CB_FIXTURES", "no node id found through /resolve; pass --fixtures FILE");
  }
  const subunits = await findSubunits(ctx, [...orgs].slice(0, 50));
  return normaliseFixtures({
    known_ids: [...known],
    org_ids: [...orgs].filter((id) => !subunits.includes(id)),
    subunit_ids: subunits,
    missing_ids: ["cb:org:000000000", `cb:person:cbcheck-missing-${seed}`],
    resolve_queries: queries,
  });
}

async function findSubunits(ctx: SuiteContext, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const ex = await ctx.send({
    operation: "entity-batch",
    method: "POST",
    path: "/entities/batch",
    body: { json: { ids } },
  });
  judgeAndRecord(ctx, ex, { onlyFailures: true });
  const entities = (ex.response?.json as { data?: { entities?: unknown } } | undefined)?.data?.entities;
  if (!Array.isArray(entities)) return [];
  return entities
    .filter((n) => (n as { payload?: { entity_type?: unknown } })?.payload?.entity_type === "underenhet")
    .map((n) => (n as { id: string }).id);
}
