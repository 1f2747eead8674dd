/**
 * `ServerOptions` resolved once into fully defaulted, validated values (one place validates).
 */

import { type Clock, SYSTEM_CLOCK } from "../clock.js";
import { findMutation, type MutationId } from "./mutations.js";
import type { FaultPlan, ServerOptions } from "./types.js";
import { isDateTime } from "./validate/fields.js";

/** Fully defaulted server options. */
export interface ResolvedServerOptions {
  host: string;
  port: number;
  seed: number;
  orgs: number;
  rateLimit: number;
  rateWindowMs: number;
  callsPerDay: number;
  recordsPerDay: number;
  /** Starting balance of the `plus` key. */
  credits: number;
  latencyMs: number;
  /** The snapshot's `as_of`, in every data response. */
  asOf: string;
  /** The seeded bugs switched on (`mutation`: one id or several). */
  mutations: readonly MutationId[];
  faultPlan: FaultPlan;
  trace: boolean;
  /** Seed of the test keys, or null for fresh random keys. */
  keySeed: number | null;
  /** Request body limit in bytes (contract: "not shown"; we choose 1 MiB). */
  maxBodyBytes: number;
  /** The time windows, days and `/usage` read. */
  clock: Clock;
}

/** Contract defaults (Limits: 120 calls per minute, 10,000 calls and 50,000 records per day). */
export const DEFAULTS = {
  host: "127.0.0.1",
  port: 0,
  seed: 1,
  orgs: 2000,
  rateLimit: 120,
  rateWindowMs: 60_000,
  callsPerDay: 10_000,
  recordsPerDay: 50_000,
  credits: 100_000,
  latencyMs: 0,
  asOf: "2026-01-01T00:00:00Z",
  maxBodyBytes: 1024 * 1024,
} as const;

/** `as_of` must be an RFC 3339 date-time (Resources: "as_of | string, date-time"). */
function snapshotAsOf(value: string | undefined): string {
  if (value === undefined) return DEFAULTS.asOf;
  if (!isDateTime(value)) {
    throw new RangeError(`asOf must be an RFC 3339 date-time, got ${JSON.stringify(value)}`);
  }
  return value;
}

function intIn(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

/** Applies defaults and bounds; throws RangeError (or Error for an unknown mutation id) on bad values. */
export function resolveServerOptions(options: ServerOptions = {}): ResolvedServerOptions {
  const big = Number.MAX_SAFE_INTEGER;
  const asked = options.mutation === undefined ? [] : [options.mutation].flat();
  const mutations = [...new Set(asked.map((id) => findMutation(id).id))];
  const plan = options.faultPlan ?? { steps: [] };
  for (const step of plan.steps) {
    if (!Number.isInteger(step.call) || step.call < 1) throw new RangeError(`fault step call must be ≥ 1`);
    if (!Number.isInteger(step.status) || step.status < 100 || step.status > 599) {
      throw new RangeError(`fault step status must be an HTTP status`);
    }
  }
  return {
    host: options.host ?? DEFAULTS.host,
    port: intIn("port", options.port, DEFAULTS.port, 0, 65535),
    seed: intIn("seed", options.seed, DEFAULTS.seed, 0, 2 ** 31 - 1),
    orgs: intIn("orgs", options.orgs, DEFAULTS.orgs, 1, 1_000_000),
    rateLimit: intIn("rateLimit", options.rateLimit, DEFAULTS.rateLimit, 1, big),
    rateWindowMs: intIn("rateWindowMs", options.rateWindowMs, DEFAULTS.rateWindowMs, 1, big),
    callsPerDay: intIn("callsPerDay", options.callsPerDay, DEFAULTS.callsPerDay, 1, big),
    recordsPerDay: intIn("recordsPerDay", options.recordsPerDay, DEFAULTS.recordsPerDay, 1, big),
    credits: intIn("credits", options.credits, DEFAULTS.credits, 0, big),
    latencyMs: intIn("latencyMs", options.latencyMs, DEFAULTS.latencyMs, 0, 600_000),
    asOf: snapshotAsOf(options.asOf),
    mutations,
    faultPlan: { steps: [...plan.steps], latencyMs: plan.latencyMs ?? 0 },
    trace: options.trace ?? false,
    keySeed: options.keySeed === undefined ? null : intIn("keySeed", options.keySeed, 0, 0, 2 ** 31 - 1),
    maxBodyBytes: DEFAULTS.maxBodyBytes,
    clock: options.clock ?? SYSTEM_CLOCK,
  };
}
