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
}

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
  private readonly recent = new Map<string, Call[]>();
  private readonly fatal = new Map<string, Call>();

  /** Violations this call adds (against itself and the key's earlier-judged calls). */
  judge(p: Proxied, operation: OperationId): ClientViolation[] {
    const call: Call = { p, op: operation, entry: traceEntry(p, operation) };
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
    const exempt = (c: Call, f: Call) => f.p.status !== 401 && (c.op === "me" || c.op === "capabilities");
    if (fatal && call.p.startedAt >= fatal.p.endedAt - TOLERANCE_MS && !exempt(call, fatal))
      out.push({
        rule: stopOnFatal,
        exchange: p,
        evidence: [
          `${label(call)} was sent after the ${fatal.p.status} of ${label(fatal)} with the same key`,
        ],
      });
    if (!p.targetError && [401, 402, 403].includes(p.status) && (!fatal || p.endedAt < fatal.p.endedAt))
      this.fatal.set(p.keyHash, call);
    const recent = this.recent.get(p.keyHash) ?? [];
    for (const other of recent) {
      const [earlier, later] = other.p.startedAt <= p.startedAt ? [other, call] : [call, other];
      const found = pairViolation(earlier, later);
      if (found) out.push(found);
    }
    recent.push(call);
    if (recent.length > WINDOW) recent.shift();
    this.recent.set(p.keyHash, recent);
    return out;
  }
}
