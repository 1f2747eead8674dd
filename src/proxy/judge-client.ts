/**
 * The client side of `cbcheck proxy`: the contract's client rules (`src/certify/rules`, same ids and
 * sentences) judged on live traffic, one API key (by its hash) at a time. Per-call rules (batch sizes, body
 * properties) reuse the certify rules' own grading on a one-call trace; rules between calls (parallel batches,
 * Retry-After, stop after 401/402/403, no resend of a 400) compare each call with the key's recent ones, in
 * both directions, because exchanges are judged when they end, not when they start.
 */
import type { ClientRule } from "../certify/rule.js";
import { batch50WithAllExtensions } from "../certify/rules/batch-50-with-all-extensions.js";
import { batchIds1To100 } from "../certify/rules/batch-ids-1-to-100.js";
import { bearerAuth } from "../certify/rules/bearer-auth.js";
import { bodyContractProperties } from "../certify/rules/body-contract-properties.js";
import { noResend400 } from "../certify/rules/no-resend-400.js";
import { sequentialCalls } from "../certify/rules/sequential-calls.js";
import { stopOnFatal } from "../certify/rules/stop-on-fatal.js";
import { waitRetryAfter } from "../certify/rules/wait-retry-after.js";
import { sameRequest } from "../certify/trace-facts.js";
import type { TraceEntry } from "../server/types.js";
import type { OperationId } from "../transport/exchange.js";
import type { Proxied } from "./proxied.js";

/** Rules judged on one call alone. */
const PER_CALL: readonly ClientRule[] = [batchIds1To100, batch50WithAllExtensions, bodyContractProperties];

/** The client rules the proxy judges, for the report's passing rows. */
export const PROXY_CLIENT_RULES: readonly ClientRule[] = [
  bearerAuth,
  ...PER_CALL,
  sequentialCalls,
  waitRetryAfter,
  stopOnFatal,
  noResend400,
];

/** Calls of a key kept to compare with later-judged ones. */
const WINDOW = 200;
/** Clock granularity: calls touching within this are not overlapping nor early. */
const TOLERANCE_MS = 1;

/** A client rule broken by one call. */
export interface ClientViolation {
  rule: ClientRule;
  exchange: Proxied;
  evidence: string[];
}

interface Call {
  p: Proxied;
  op: OperationId;
  entry: TraceEntry;
  /** The call's place among its key's calls. */
  seq: number;
}

/** A key's window: its last `WINDOW` calls, and those of them a pair rule can start from. */
interface KeyWindow {
  seen: number;
  all: Call[];
  marked: Call[];
}

/**
 * Whether a pair with this call can break a rule at all: `pairViolation` needs the earlier call to be a 429 or
 * a 400, or both calls to be entity batches. Any other call is compared only with marked ones.
 */
const isMarked = (c: Call) => c.p.status === 429 || c.p.status === 400 || c.op === "entity-batch";

function traceEntry(p: Proxied, operation: OperationId): TraceEntry {
  return {
    n: p.n,
    startedAt: p.startedAt,
    endedAt: p.endedAt,
    method: p.method,
    url: p.url,
    base: null,
    operation,
    headers: p.headers,
    keyName: "unknown",
    body: p.body,
    status: p.status,
    responseHeaders: p.responseHeaders,
    responseBody: "",
  };
}

/** After a 402/403 (not a 401), `/me` and `/capabilities` may still be called. */
const isExempt = (c: Call, fatal: Call) =>
  fatal.p.status !== 401 && (c.op === "me" || c.op === "capabilities");

const label = (c: Call) => `exchange ${c.p.n} (${c.p.method} ${c.p.url.split("?")[0]})`;

/** Whether `later` breaks a rule set up by `earlier`'s answer; the evidence line, or undefined. */
function pairViolation(earlier: Call, later: Call): ClientViolation | undefined {
  const a = earlier.p;
  const b = later.p;
  if (a.targetError) return undefined;
  const afterAnswer = b.startedAt >= a.endedAt - TOLERANCE_MS;
  if (a.status === 429 && afterAnswer) {
    const seconds = Number(a.responseHeaders["retry-after"]);
    if (Number.isFinite(seconds) && b.startedAt < a.endedAt + seconds * 1000 - TOLERANCE_MS) {
      const waited = ((b.startedAt - a.endedAt) / 1000).toFixed(2);
      return {
        rule: waitRetryAfter,
        exchange: b,
        evidence: [
          `${label(later)} started ${waited} s after the 429 of ${label(earlier)} (Retry-After: ${seconds})`,
        ],
      };
    }
  }
  if (a.status === 400 && afterAnswer && sameRequest(earlier.entry, later.entry))
    return {
      rule: noResend400,
      exchange: b,
      evidence: [`the request of ${label(earlier)} (400) was sent again unchanged as ${label(later)}`],
    };
  const overlaps = b.startedAt + TOLERANCE_MS < a.endedAt && a.startedAt + TOLERANCE_MS < b.endedAt;
  if (overlaps && earlier.op === "entity-batch" && later.op === "entity-batch") {
    const [first, second] = a.startedAt <= b.startedAt ? [earlier, later] : [later, earlier];
    return {
      rule: sequentialCalls,
      exchange: second.p,
      evidence: [`${label(second)} started before ${label(first)} had been answered`],
    };
  }
  return undefined;
}

/** The client judge of one proxy session: feed it every exchange as it ends. */
export class ClientJudge {
  private readonly recent = new Map<string, KeyWindow>();
  private readonly fatal = new Map<string, Call>();

  /** Violations this call adds (against itself and the key's earlier-judged calls). */
  judge(p: Proxied, operation: OperationId): ClientViolation[] {
    const call: Call = { p, op: operation, entry: traceEntry(p, operation), seq: 0 };
    const out: ClientViolation[] = [];
    const auth = p.headers.authorization;
    if (auth === undefined || !/^bearer\s+\S/i.test(auth))
      out.push({
        rule: bearerAuth,
        exchange: p,
        evidence: [`${label(call)}: no Bearer Authorization header`],
      });
    if (p.keyInQuery.length > 0)
      out.push({
        rule: bearerAuth,
        exchange: p,
        evidence: [
          `${label(call)}: the key was sent in the query (${p.keyInQuery.join(", ")}), not only in the header`,
        ],
      });
    for (const rule of PER_CALL) {
      const result = rule.grade([call.entry], undefined as never, undefined as never);
      if (result.status === "fail") out.push({ rule, exchange: p, evidence: result.evidence });
    }
    if (p.keyHash === "none") return out;
    const fatal = this.fatal.get(p.keyHash);
    if (fatal && call.p.startedAt >= fatal.p.endedAt - TOLERANCE_MS && !isExempt(call, fatal))
      out.push({
        rule: stopOnFatal,
        exchange: p,
        evidence: [
          `${label(call)} was sent after the ${fatal.p.status} of ${label(fatal)} with the same key`,
        ],
      });
    if (!p.targetError && [401, 402, 403].includes(p.status) && (!fatal || p.endedAt < fatal.p.endedAt))
      this.fatal.set(p.keyHash, call);
    let recent = this.recent.get(p.keyHash);
    if (recent === undefined) {
      recent = { seen: 0, all: [], marked: [] };
      this.recent.set(p.keyHash, recent);
    }
    // A pair can only break a rule when one of them is marked (see `isMarked`); an unmarked call need only be
    // compared with the marked calls of the window, in window order: the same findings in the same order.
    const from = recent.seen - WINDOW;
    while (recent.marked.length > 0 && recent.marked[0].seq < from) recent.marked.shift();
    const others = p.status === 429 || p.status === 400 ? recent.all : recent.marked;
    for (const other of others) {
      const found =
        other.p.startedAt <= p.startedAt ? pairViolation(other, call) : pairViolation(call, other);
      if (found) out.push(found);
    }
    call.seq = recent.seen++;
    recent.all.push(call);
    if (recent.all.length > WINDOW) recent.all.shift();
    if (isMarked(call)) recent.marked.push(call);
    return out;
  }
}
