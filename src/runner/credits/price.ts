/**
 * What a request may cost (Limits 3: "The `influencer` dataset ... costs 1 beta credit per delivered record")
 * and whether a response refuses credits. What a response says of credits (`chargedIn`, `balanceIn`) is read
 * in `checks/support/response-facts.ts`, where the judging worker reads it too.
 */
import type { Exchange } from "../../transport/exchange.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";

/** Influencer nodes per response (Limits: "Nodes per response | max 100 (influencer: 25)"). */
export const INFLUENCER_NODES_MAX = 25;

function decodedBody(request: PlannedRequest): Record<string, unknown> | undefined {
  if (!request.body) return undefined;
  if ("json" in request.body) return asObject(request.body.json);
  const raw = String(request.body.raw);
  // A body that never spells "influencer" (JSON can only otherwise write it with \u escapes) reads no credits:
  // the negative suite's raw bodies (megabytes of malformed or deep JSON) are then not parsed for nothing.
  if (!raw.includes("influencer") && !raw.includes("\\u")) return undefined;
  try {
    return asObject(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * The most credits a request can be charged: 0 for basic data; for an influencer read, one per record it can
 * deliver — one per distinct requested id, at most 25 (our reading: entity reads deliver the ids asked for).
 */
export function creditPrice(request: PlannedRequest): number {
  if (request.operation === "entity-get") return request.query?.dataset === "influencer" ? 1 : 0;
  if (request.operation !== "entity-batch") return 0;
  const body = decodedBody(request);
  if (body?.dataset !== "influencer" || !Array.isArray(body.ids)) return 0;
  return Math.min(INFLUENCER_NODES_MAX, new Set(body.ids).size);
}

/** Whether a response is the contract's refusal for exhausted credits (402). */
export function isCreditRefusal(exchange: Exchange): boolean {
  return exchange.response?.status === 402;
}
