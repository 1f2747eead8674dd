/**
 * The shape of a load profile, as generated from schemas/load-profile.schema.json (the single source of
 * truth); `loadProfile` validates files against the schema before using them as these types.
 */
import type {
  Budgets,
  CbcheckLoadProfile,
  Expectation,
  LatencyBudget,
  MixItem,
  RateLimit,
} from "../contract/types.gen.js";

/** A load profile as stored in suites/load/*.json. */
export type LoadProfile = CbcheckLoadProfile;

/** The limit a target is expected to enforce (contract Limits: 120 calls per minute). */
export type RateLimitExpectation = RateLimit;

/** Statuses (and error codes) a response may have; one kind of request in the mix; latency ceilings; budgets. */
export type { Budgets, Expectation, LatencyBudget, MixItem };

/** Name of a mix item in reports and budgets (Schema: default is the operation). */
export function mixItemName(item: MixItem): string {
  return item.name ?? item.operation;
}
