/**
 * Entity reads with `dataset=influencer` (Resources / Influencer dataset node; Limits rule 3):
 * at most 25 identity nodes, `data` holds only `entities`, 1 credit per delivered record.
 */
import { envelope } from "../envelope.js";
import { jsonReply, type Reply } from "../http/reply.js";
import type { Account } from "../keys.js";
import type { ServerState } from "../state.js";
import type { EntityRequest } from "../validate/entity-request.js";
import { coverageLists, lookup } from "./coverage.js";
import { cursorOffset, page, requestToken } from "./edge-page.js";

/** Influencer nodes per response (Limits: influencer 25). */
const INFLUENCER_PAGE = 25;

/** A made-up identity node (only for the `influencerPadTo` seeded bug). */
function relatedIdentity(i: number): Record<string, unknown> {
  const username = `related_${i}`;
  const payload = {
    username,
    full_name: null,
    followers_count: 0,
    following_count: 0,
    posts_count: 0,
    is_private: false,
  };
  return { id: `cb:identity:instagram:${username}`, type: "identity", name: null, payload };
}

/** Answers an influencer read; the caller has already refused an empty balance with 402. */
export function readInfluencers(state: ServerState, req: EntityRequest, account: Account): Reply {
  const { found, missing } = lookup(req.ids, (id) => state.graph.getInfluencer(id));
  const token = requestToken("i", req.ids);
  const { offset, foreign } = cursorOffset(req.cursor, token);
  // Seeded bug `team-charges-personal`: the wrong balance pays.
  const bucket = state.bugs.teamChargesPersonal ? account.personalBucket : account.bucket;
  const balance = state.balances.get(bucket) ?? 0;
  const size = Math.max(1, Math.min(INFLUENCER_PAGE, Math.floor(balance)));
  const p = page(found, offset, size, token);
  const nodes = p.items.map((n) => {
    const view: Record<string, unknown> = { id: n.id, type: n.type, name: n.name, payload: n.payload };
    if (n.active_predicates) view.active_predicates = n.active_predicates;
    return view;
  });
  for (let i = nodes.length; i < state.bugs.influencerPadTo; i++) nodes.push(relatedIdentity(i));
  const charged = nodes.length;
  state.balances.set(bucket, Math.max(0, balance - charged));
  const warnings: string[] = [];
  if (foreign) warnings.push("cursor was not issued for this request; paging started from the first page");
  if (req.include.length > 0 || req.extend.length > 0) {
    warnings.push("include and extend do not apply to the influencer dataset");
  }
  const { requested, missing: miss } = coverageLists(state, req.ids, missing);
  const body = envelope({
    asOf: req.asOf ?? state.asOf,
    data: state.bugs.influencerDataHasEdges ? { entities: nodes, edges: [] } : { entities: nodes },
    entities: nodes.map((n) => n.id as string),
    requested,
    missing: miss,
    truncated: p.truncated,
    cursor: p.cursor,
    nextHint: p.cursor ? "repeat the request with this cursor for the next identities" : null,
    units: charged,
    unitType: "premium_record",
    creditsCharged: charged,
    balance: Math.max(0, balance - charged),
    warnings,
  });
  return { ...jsonReply(200, body), metered: { records: charged, credits: charged } };
}
