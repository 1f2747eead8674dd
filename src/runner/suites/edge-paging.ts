/**
 * Follows the edge pages of one node with `cursor` to the end (Endpoints / GET /entities/{id}: "Edges are a
 * bounded page"; envelope `cursor`: "continuation marker on entity reads"): no edge may repeat, a page
 * that hands out a cursor was cut (`truncated` true), the page after it holds more edges, and the last page's
 * cursor is null.
 */
import type { Problem } from "../../checks/check.js";
import { failure } from "../../checks/support/failure.js";
import type { Exchange } from "../../transport/exchange.js";
import { LIMITS } from "../../verdicts/limits.js";
import { judgeAndRecord } from "../judge-record.js";
import type { Outcome, SuiteContext } from "../suite.js";
import { recordVerdict } from "./expect.js";
import { entityBatch, entityGet } from "./samples.js";

/** Pages followed at most (50 edges each). */
const MAX_PAGES = 40;

interface PageEdge {
  id?: unknown;
  predicate?: unknown;
  src?: unknown;
  dst?: unknown;
}

interface Page {
  truncated?: unknown;
  cursor?: unknown;
  data?: {
    edges?: PageEdge[];
    entities?: { id: string; active_predicates?: Record<string, number> }[];
  };
}

/** The known node with the most relations (by `active_predicates`), preferring the many-sub-unit main unit. */
async function busiestNode(ctx: SuiteContext): Promise<string | undefined> {
  const ids = ctx.fixtures.known_ids.slice(0, 100);
  if (ids.length === 0) return undefined;
  const ex = await ctx.send(entityBatch({ ids }));
  judgeAndRecord(ctx, ex);
  const nodes = (ex.response?.json as Page | undefined)?.data?.entities ?? [];
  let best: { id: string; total: number } | undefined;
  for (const node of nodes) {
    const total = Object.values(node.active_predicates ?? {}).reduce((a, b) => a + (Number(b) || 0), 0);
    if (!best || total > best.total) best = { id: node.id, total };
  }
  return best && best.total > 0 ? best.id : ctx.fixtures.main_unit_with_many_subunits;
}

/** Calls `followEdgePages` sends at most: the batch that finds the busiest node, then every page. */
export function edgePagingCalls(fixtures: SuiteContext["fixtures"]): number {
  return fixtures.known_ids.length === 0 ? 0 : 1 + MAX_PAGES;
}

/** Follows every edge page of the busiest known node and records the paging rules. */
export async function followEdgePages(ctx: SuiteContext): Promise<void> {
  const id = await busiestNode(ctx);
  if (!id) {
    ctx.record({
      verdict: LIMITS.edgePagingNoDuplicates,
      status: "skip",
      message: "no known node with relations",
    });
    return;
  }
  const seen = new Map<unknown, number>();
  const edges: PageEdge[] = [];
  let counts: Record<string, number> | undefined;
  let cursor: unknown = null;
  let cutBefore = false;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query: Record<string, string> = { include: JSON.stringify(["*"]) };
    if (cursor !== null) query.cursor = JSON.stringify(cursor);
    const ex: Exchange = await ctx.send(entityGet(id, query));
    judgeAndRecord(ctx, ex);
    const body = ex.response?.status === 200 ? (ex.response.json as Page | undefined) : undefined;
    if (!body) {
      if (page > 1) refusedPage(ctx, ex, id, page);
      return;
    }
    const repeats = (body.data?.edges ?? []).map((e) => e.id).filter((eid) => seen.has(eid));
    recordVerdict(
      ctx,
      LIMITS.edgePagingNoDuplicates,
      ex,
      repeats.length === 0
        ? []
        : [
            {
              title: `page ${page} repeats edge ${String(repeats[0])} of page ${seen.get(repeats[0])}`,
              pointer: "/data/edges",
              expected: "edges not returned on an earlier page",
              received: `${repeats.length} repeated edge id(s): ${repeats.slice(0, 5).join(", ")}`,
            },
          ],
    );
    if (page === 1) counts = body.data?.entities?.find((n) => n.id === id)?.active_predicates;
    const before = edges.length;
    for (const edge of body.data?.edges ?? []) {
      if (seen.has(edge.id)) continue;
      seen.set(edge.id, page);
      edges.push(edge);
    }
    if (cutBefore) ctx.record(judgeCutContinues(ex, page, edges.length - before));
    cursor = body.cursor ?? null;
    const cut = cursor !== null;
    cutBefore = cut || body.truncated === true;
    recordVerdict(
      ctx,
      LIMITS.edgePagingTruncated,
      ex,
      !cut || body.truncated === true
        ? []
        : [
            {
              title: `page ${page} hands out a cursor but truncated is ${JSON.stringify(body.truncated)}`,
              pointer: "/truncated",
              expected: "true (the edge page was cut)",
              received: JSON.stringify(body.truncated),
            },
          ],
    );
    if (!cut) {
      recordVerdict(ctx, LIMITS.edgePagingReachesAll, ex, unreached(id, counts, edges, page));
      return;
    }
  }
  ctx.record({
    verdict: LIMITS.edgePagingNoDuplicates,
    status: "inconclusive",
    message: `stopped following edge pages of ${id} after ${MAX_PAGES} pages`,
  });
}

/**
 * `limits.edge_paging_cut_continues` on the page read with the cursor of a page that said it was cut: "output
 * was cut" holds only if more edges follow, so a continuation with no new edge is a warning — not a failure,
 * since a server that pages by a fixed size cannot know whether a full page is the last one, and one that
 * filters after paging may find nothing left to deliver.
 */
function judgeCutContinues(ex: Exchange, page: number, fresh: number): Outcome {
  const verdict = LIMITS.edgePagingCutContinues;
  if (fresh > 0) return { verdict, status: "pass", exchange: ex };
  const warning = failure(verdict, {
    severity: "warning",
    title: `page ${page - 1} said its edges were cut, but page ${page}, read with its cursor, holds no further edge`,
    pointer: "/data/edges",
    expected: `at least one edge not returned on pages 1 to ${page - 1} (output was cut)`,
    received: "no new edge",
  });
  return { verdict, status: "warn", exchange: ex, failures: [warning] };
}

/**
 * A page asked for with the server's own cursor got no page. A 4xx other than 429 refused the continuation
 * marker it handed out, so the rest of the relations cannot be reached: a failure of reaching them all. A
 * 429, a 5xx or no answer stops the paging for a reason of its own (judged by its own checks): inconclusive.
 */
function refusedPage(ctx: SuiteContext, ex: Exchange, id: string, page: number): void {
  const status = ex.response?.status;
  if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
    recordVerdict(ctx, LIMITS.edgePagingReachesAll, ex, [
      {
        title: `page ${page} of ${id}, asked for with the cursor page ${page - 1} handed out, was refused with ${status}`,
        pointer: "",
        expected: "the next edge page (the cursor is the server's own continuation marker)",
        received: `${status}`,
      },
    ]);
    return;
  }
  ctx.record({
    verdict: LIMITS.edgePagingReachesAll,
    status: "inconclusive",
    message: `stopped following edge pages of ${id} at page ${page}: ${status === undefined ? "no answer" : `status ${status}`}`,
  });
}

/**
 * The predicates whose relations (as `active_predicates` counted them on the first page) were not all
 * reached by following the cursors: fewer distinct edges of the predicate touch the node than it counts.
 * A lower bound in every reading (outgoing, incoming or both), as every edge touching the node is one of them.
 */
function unreached(
  id: string,
  counts: Record<string, number> | undefined,
  edges: PageEdge[],
  pages: number,
): Problem[] {
  const out: Problem[] = [];
  for (const [predicate, count] of Object.entries(counts ?? {})) {
    if (typeof count !== "number") continue;
    const reached = edges.filter((e) => e.predicate === predicate && (e.src === id || e.dst === id)).length;
    if (reached >= count) continue;
    out.push({
      title: `${pages} page(s) of ${id} reach ${reached} of its ${count} ${predicate} relations`,
      pointer: "/data/edges",
      expected: `${count} distinct ${predicate} edges touching ${id} over all pages (active_predicates)`,
      received: `${reached}`,
    });
  }
  return out;
}
