/**
 * Public shape of the reference server: what `startServer` takes and returns.
 * The runner, load and certification layers depend on this file only, never on the server internals.
 */
import type { Clock } from "../clock.js";
import type { OperationId } from "../transport/exchange.js";

/** Options of `startServer` / `cbcheck serve`; all optional. */
export interface ServerOptions {
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** Port; 0 picks a free one. Default 0. */
  port?: number;
  /** Seed of the synthetic graph. Default 1. */
  seed?: number;
  /** Number of organisations in the synthetic graph. Default 2000; up to 1,000,000. */
  orgs?: number;
  /** Calls allowed per rate window per key (contract: 120 per minute on Plus). */
  rateLimit?: number;
  /** Length of the rate window in ms. Default 60,000. */
  rateWindowMs?: number;
  /** Calls per day per key (contract: 10,000). */
  callsPerDay?: number;
  /** Records per day per key (contract: 50,000). */
  recordsPerDay?: number;
  /** Starting balance of the `plus` key in credits (default 100,000): a small one tests running out. */
  credits?: number;
  /** Latency added to every response, in ms. Default 0. */
  latencyMs?: number;
  /** The snapshot's `as_of` (an RFC 3339 date-time). Default `2026-01-01T00:00:00Z`. */
  asOf?: string;
  /** Test-only: switch on a seeded contract violation, or several at once (a thoroughly broken target). */
  mutation?: string | readonly string[];
  /** Scripted faults for client certification. */
  faultPlan?: FaultPlan;
  /** Record every request in `trace`. Default false (costs memory under load). */
  trace?: boolean;
  /** Derive the test keys from this seed (same seed, same keys). Default: fresh random keys on every start. */
  keySeed?: number;
  /**
   * The time the limiter's windows and days, `/me` and `/usage` read. Default the system clock; a test shares
   * one with the harness so that waiting out a window takes no real time (`src/test-support/clocks.ts`).
   */
  clock?: Clock;
}

/** The test keys the server accepts; the values are secrets to the harness like any key. */
export interface ServerKeys {
  /** Plus plan, personal balance with credits. */
  plus: string;
  /** Business Plus team key (team balance). */
  team: string;
  /** Free plan: 403 `plan_required` on data operations. */
  free: string;
  /** Revoked: 401 `invalid_token`. */
  revoked: string;
  /** Plus with no credits: 402 `credits_exhausted` on `influencer`. */
  noCredits: string;
}

/** Ids that exist (or do not) in the synthetic graph; the same shape as `schemas/fixtures.schema.json`. */
export interface ServerFixtures {
  known_ids: string[];
  org_ids: string[];
  subunit_ids: string[];
  /** An organisation id with more than 1,000 sub-units. */
  main_unit_with_many_subunits: string;
  missing_ids: string[];
  influencer_ids: string[];
  resolve_queries: string[];
}

/** One scripted response, injected instead of the normal one. */
export interface FaultStep {
  /** 1-based number of the call (among calls matching `operation`, or among all calls when absent). */
  call: number;
  /** Only count calls of this operation. */
  operation?: OperationId;
  status: number;
  /** Error code for the body, e.g. `volume_limit`. */
  code: string;
  /** `Retry-After` header value in seconds (429, 503). */
  retryAfterSeconds?: number;
  /** Extra fields of the error body (e.g. `required_tier`, `upgrade_url`). */
  extra?: Record<string, string>;
  /**
   * When set, the fault keeps answering every later call too (e.g. a 401 revoked key, a daily limit),
   * instead of only once.
   */
  sticky?: boolean;
}

/** Faults by call number plus added latency, for client certification. */
export interface FaultPlan {
  steps: FaultStep[];
  latencyMs?: number;
}

/** One request the server saw, as certification evidence. */
export interface TraceEntry {
  /** 1-based call number over all calls. */
  n: number;
  /** Epoch ms (fractional) when the request started arriving. */
  startedAt: number;
  /** Epoch ms (fractional) when the response was finished. */
  endedAt: number;
  method: string;
  /** Full path as received, including the base prefix and query string. */
  url: string;
  /** `v1` or `api/v1`, or null for paths outside both. */
  base: "v1" | "api/v1" | null;
  operation: OperationId;
  /** Request headers, lower-case; the bearer credential is replaced by `<redacted>`. */
  headers: Record<string, string>;
  /** Which test key was used (`plus`, `free`, …), `unknown` for any other, `none` without a header. */
  keyName: keyof ServerKeys | "unknown" | "none";
  body: string;
  status: number;
  /** Response headers, lower-case. */
  responseHeaders: Record<string, string>;
  /** The response body as sent. */
  responseBody: string;
  /** The fault step that produced this response, if one did. */
  fault?: FaultStep;
}

/** A started reference server. */
export interface RunningServer {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  /** Alternate base URL including `/api/v1`. */
  altUrl: string;
  keys: ServerKeys;
  fixtures: ServerFixtures;
  /** Requests seen so far (only filled when `trace` is on). */
  trace: TraceEntry[];
  /** Fault steps not yet consumed. */
  pendingFaults(): FaultStep[];
  /** Sets the calls allowed per rate window from now on; every window starts afresh. */
  setRateLimit(rateLimit: number, rateWindowMs: number): void;
  /**
   * Test-only: switches the seeded bug of a running server (a mutation id, or null for none) from the next
   * request on; throws on an unknown id. A method of this handle, in-process only, never an HTTP route: a
   * server nobody calls this on stays the conforming server (`cbcheck monitor`'s tests flip a bug mid-run).
   */
  setMutation(id: string | null): void;
  close(): Promise<void>;
}
