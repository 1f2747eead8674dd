/**
 * The credits a planned request may be charged: "The influencer dataset ... costs 1 beta credit per
 * delivered record" (Limits 3), and an influencer read delivers at most 25 nodes (Limits: influencer node
 * cap). An upper bound, used to plan a run's credits before it sends anything.
 */
import type { PlannedRequest } from "../vocabulary/planned-request.js";

/** Influencer node cap of one read (Limits). */
const INFLUENCER_NODE_CAP = 25;

/** At most how many influencer records (credits) `request` may deliver; 0 for every other request. */
export function influencerRecords(request: PlannedRequest): number {
  if (request.query?.dataset === "influencer") return 1;
  const json = request.body && "json" in request.body ? request.body.json : undefined;
  const body = json as { dataset?: unknown; ids?: unknown } | undefined;
  if (body?.dataset !== "influencer" || !Array.isArray(body.ids)) return 0;
  return Math.min(new Set(body.ids).size, INFLUENCER_NODE_CAP);
}
