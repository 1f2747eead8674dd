/**
 * Everything one running server holds: graph, keys, balances, limiter, options and the seeded bugs (as typed
 * settings and a reply interceptor, derived once at start).
 */

import type { BugSettings } from "./bugs.js";
import type { FaultState } from "./faults.js";
import type { Graph } from "./graph/graph.js";
import type { ReplyBend } from "./http/mutate.js";
import type { Account } from "./keys.js";
import type { Limiter } from "./limiter.js";
import type { MutationId } from "./mutations.js";
import type { ResolvedServerOptions } from "./options.js";
import type { ServerKeys, TraceEntry } from "./types.js";

/** The state shared by all requests of one server. */
export interface ServerState {
  graph: Graph;
  keys: ServerKeys;
  accounts: Map<string, Account>;
  /** Credits by bucket id (personal or team balance). */
  balances: Map<string, number>;
  limiter: Limiter;
  options: ResolvedServerOptions;
  /** The seeded bugs that are on (usually none, in tests one; several for a thoroughly broken target). */
  mutations: readonly MutationId[];
  /** What those bugs change in the computing (`NO_BUGS` when none is on). */
  bugs: Readonly<BugSettings>;
  /** The reply interceptor of those bugs, when any bends finished replies. */
  bendReply: ReplyBend | null;
  faults: FaultState;
  trace: TraceEntry[];
  /** The snapshot time of the data, when the request names none (envelope `as_of`). */
  asOf: string;
  /** URL of the protected-resource metadata named in `WWW-Authenticate`. */
  resourceMetadataUrl: string;
  /** 100-id batches in flight (for the `batch-100-5xx-under-concurrency` bug). */
  bigBatchesInFlight: number;
  /** Calls seen so far, for trace numbering and fault plans. */
  calls: number;
  callsByOperation: Map<string, number>;
}
