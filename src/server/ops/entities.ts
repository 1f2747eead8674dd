/**
 * Entity reads (Endpoints / GET /entities/{id}, POST /entities/batch): nodes, optional edge page,
 * optional extensions; unknown ids in `coverage.missing` with 200.
 */

import { envelopeBytes, envelopeEnd, envelopeMiddle, envelopeText } from "../envelope-text.js";
import type { GraphEdge } from "../graph/graph.js";
import { errorReply, type Reply } from "../http/reply.js";
import type { Account } from "../keys.js";
import type { ServerState } from "../state.js";
import type { EntityRequest } from "../validate/entity-request.js";
import { balanceFor } from "./balance.js";
import { bentExtensions, bentNodes } from "./bent-read.js";
import { coverageLists, lookup } from "./coverage.js";
import { collectEdges, cursorOffset, edgePaging, page, requestToken } from "./edge-page.js";
import { edgesText } from "./edge-text.js";
import { extensionsText } from "./extensions-text.js";
import { readInfluencers } from "./influencer.js";
import { type CachedNode, cachedNode } from "./node-cache.js";

const FOREIGN_CURSOR = "cursor was not issued for this request; paging started from the first page";

/** Nodes as JSON: cached on the clean path, built afresh when a seeded bug may bend them (bent-read.ts). */
function findNodes(state: ServerState, ids: string[]): { found: CachedNode[]; missing: string[] } {
  if (state.mutations.length === 0) return lookup(ids, (id) => cachedNode(state, id));
  return bentNodes(state, ids);
}

/**
 * The most common read — one known id, no `include`, no `extend`, no seeded bug — from text cached with the
 * node: everything but `request_id`, `as_of` and `balance` is the same on every such read (the same text the
 * general path below builds; `entities.test.ts` holds the two to it).
 */
function plainRead(state: ServerState, req: EntityRequest, node: CachedNode, account: Account): Reply {
  node.plainRead ??= Buffer.from(
    `{"entities":[${node.single}],"edges":[]}` +
      envelopeMiddle({
        entities: [node.id],
        requested: req.ids,
        missing: [],
        truncated: false,
        cursor: null,
        nextHint: null,
        units: 1,
        unitType: "record",
        creditsCharged: 0,
      }),
  );
  const raw = envelopeBytes(
    req.asOf ?? state.asOf,
    node.plainRead,
    envelopeEnd(balanceFor(state, account), NO_WARNINGS),
  );
  return { status: 200, headers: {}, body: undefined, raw, metered: { records: 1, credits: 0 } };
}

const NO_WARNINGS: string[] = [];

/** Answers one validated entity read for an authorised account. */
export function readEntities(state: ServerState, req: EntityRequest, account: Account): Reply {
  if (req.dataset === "influencer" && !state.bugs.datasetIgnored) return readInfluencers(state, req, account);
  if (
    state.mutations.length === 0 &&
    req.ids.length === 1 &&
    req.include.length === 0 &&
    req.extend.length === 0
  ) {
    // The cache is keyed by the id as requested, so its `requested` text is this request's.
    const node = cachedNode(state, req.ids[0]);
    if (node) return plainRead(state, req, node, account);
  }
  const { found, missing } = findNodes(state, req.ids);
  if (state.bugs.unknownId404 && missing.length > 0) return errorReply(404, "not_found");
  // Seeded bug `edges-cursor-refused`: the continuation marker the server hands out is refused when sent back.
  if (state.bugs.edgeCursorRefused && req.cursor !== null) return errorReply(400, "invalid_arguments");
  const single = req.ids.length === 1;
  const nodesJson = found.map((n) => (single ? n.single : n.multi));
  const warnings: string[] = [];
  let edges: GraphEdge[] = [];
  let truncated = false;
  let cursor: [string, number] | null = null;
  let include = req.include;
  if (include.length === 0 && state.bugs.edgesWithoutInclude) include = ["*"];
  if (include.length > 0) {
    const all = collectEdges(
      state,
      found.map((n) => n.id),
      include,
    );
    const token = requestToken("e", [...req.ids, "|", ...req.include]);
    const { offset, foreign } = cursorOffset(req.cursor, token);
    if (foreign) warnings.push(FOREIGN_CURSOR);
    const { size, step } = edgePaging(state);
    const p = page(all, offset, size, token, step);
    edges = p.items;
    // The seeded "edges-cut-silently" bug keeps the cut page but says nothing of the cut.
    truncated = p.truncated && !state.bugs.edgeCutSilently;
    cursor = state.bugs.edgeCutSilently ? null : p.cursor;
    // Seeded bug `edges-cursor-past-end`: the last page still says it was cut and hands out a cursor past it.
    if (state.bugs.edgeCursorPastEnd && cursor === null && edges.length > 0) {
      truncated = true;
      cursor = [token, offset + step];
    }
  }
  const edgesJson = state.mutations.length === 0 ? edgesText(state, edges) : JSON.stringify(edges);
  let dataJson = `{"entities":[${nodesJson.join(",")}],"edges":${edgesJson}`;
  let rows = 0;
  if (req.extend.length > 0) {
    const orgIds = found.filter((n) => n.type === "org").map((n) => n.id);
    // Clean path: each organisation's extension values serialised once (extensions-text.ts).
    const ext =
      state.mutations.length === 0
        ? extensionsText(state, orgIds, req.extend, single)
        : bentExtensions(state, orgIds, req.extend, single);
    dataJson += `,"extensions":${ext.json}`;
    if (ext.truncated) dataJson += `,"extensions_truncated":${JSON.stringify(ext.truncated)}`;
    // A cut sub-unit list is output that was cut (Response envelope: "true when output was cut").
    if (ext.truncated && ext.truncated.subunits.length > 0) truncated = true;
    rows = ext.rows;
  }
  dataJson += "}";
  const units = state.bugs.unitsNodesOnly ? found.length : found.length + edges.length + rows;
  const { requested, missing: miss } = coverageLists(state, req.ids, missing);
  const raw = envelopeText(
    {
      asOf: req.asOf ?? state.asOf,
      entities: found.map((n) => n.id),
      requested,
      missing: miss,
      truncated,
      cursor,
      nextHint: cursor ? "repeat the request with this cursor for the next page of edges" : null,
      units,
      unitType: "record",
      creditsCharged: 0,
      balance: balanceFor(state, account),
      warnings,
    },
    dataJson,
  );
  return { status: 200, headers: {}, body: undefined, raw, metered: { records: units, credits: 0 } };
}
