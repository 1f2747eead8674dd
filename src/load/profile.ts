/**
 * The shape of a load profile (schemas/load-profile.schema.json), as the load layer uses it.
 * Hand-written to mirror the schema; `loadProfile` validates files against the schema before casting.
 */

/** Operations a load profile can drive. */
export type LoadOperation = "resolve" | "entity-get" | "entity-batch";

/** What a profile proves beyond per-response checks. */
export type LoadScenario = "throughput" | "rate-limit" | "batch-limits";

/** Statuses (and error codes) a response may have. */
export interface Expectation {
  statuses?: number[];
  codes?: string[];
}

/** One kind of request in the mix. */
export interface MixItem {
  name?: string;
  operation: LoadOperation;
  weight?: number;
  ids?: "fixture" | "generated" | "missing";
  count?: number;
  extend?: string[];
  include?: string[];
  bodyBytes?: number;
  expect?: Expectation;
}

/** Latency ceilings in milliseconds. */
export interface LatencyBudget {
  p50Ms?: number;
  p95Ms?: number;
  p99Ms?: number;
  maxMs?: number;
}

/** Budgets of a profile. */
export interface Budgets {
  latency?: Record<string, LatencyBudget>;
  errorRate?: number;
  minThroughput?: number;
}

/** The limit a target is expected to enforce (contract Limits: 120 calls per minute). */
export interface RateLimitExpectation {
  calls: number;
  windowSeconds: number;
  burst?: number;
  codes?: string[];
  maxRetryAfterSeconds?: number;
}

/** Reference-server settings for the embedded target. */
export interface EmbeddedSettings {
  rateLimit?: number;
  rateWindowMs?: number;
  callsPerDay?: number;
  recordsPerDay?: number;
  latencyMs?: number;
}

/** A load profile as stored in suites/load/*.json. */
export interface LoadProfile {
  name: string;
  description: string;
  scenario: LoadScenario;
  mix: MixItem[];
  connections: number;
  rate?: number;
  amount?: number;
  durationSeconds: number;
  warmupSeconds?: number;
  expect?: Expectation;
  sampleRate?: number;
  budgets?: Budgets;
  rateLimit?: RateLimitExpectation;
  caps?: { maxCalls?: number; maxSeconds?: number };
  embedded?: EmbeddedSettings;
}

/** Name of a mix item in reports and budgets (Schema: default is the operation). */
export function mixItemName(item: MixItem): string {
  return item.name ?? item.operation;
}
