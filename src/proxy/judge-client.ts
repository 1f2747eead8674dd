/**
 * The client side of `cbcheck proxy`: the contract's client rules (`src/certify/rules`, same ids and
 * sentences) judged on live traffic, one API key (by its hash) at a time. Per-call rules (the Bearer header,
 * batch sizes, body properties) reuse the certify rules' own grading on a one-call trace; rules between calls
 * (parallel batches, Retry-After, stop after 401/402/403, no resend of a 400) compare each call with the key's
 * remembered ones (key-window.ts). A rule broken by one call is one finding, whatever number of earlier calls it
 * breaks it against.
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
import { Lru } from "../lru.js";
import type { TraceEntry } from "../server/types.js";
import type { OperationId } from "../transport/exchange.js";
import { type Call, type ClientViolation, KeyWindow, label } from "./key-window.js";
import type { Proxied } from "./proxied.js";

export type { ClientViolation } from "./key-window.js";

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

/**
 * Keys remembered at once: past it the key unseen the longest is forgotten (a client inventing a key per call
 * cannot grow the judge's memory; a forgotten key's next call is judged as its first).
 */
export const MAX_KEYS = 10_000;
/** Clock granularity: a call starting within this of a fatal answer's end is taken as sent before it. */
const TOLERANCE_MS = 1;

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

/** What `call` breaks on its own: the Bearer header, and the per-call rules. */
function ownViolations(call: Call): ClientViolation[] {
  const { p } = call;
  const out: ClientViolation[] = [];
  const auth = p.headers.authorization;
  const bearer: string[] = [];
  if (auth === undefined || !/^bearer\s+\S/i.test(auth))
    bearer.push(`${label(call)}: no Bearer Authorization header`);
  if (p.keyInQuery.length > 0)
    bearer.push(
      `${label(call)}: the key was sent in the query (${p.keyInQuery.join(", ")}), not only in the header`,
    );
  if (bearer.length > 0) out.push({ rule: bearerAuth, exchange: p, evidence: bearer });
  for (const rule of PER_CALL) {
    const result = rule.grade([call.entry], undefined as never, undefined as never);
    if (result.status === "fail") out.push({ rule, exchange: p, evidence: result.evidence });
  }
  return out;
}

/** The client judge of one proxy session: feed it every exchange as it ends. */
export class ClientJudge {
  readonly #windows = new Lru<string, KeyWindow>(MAX_KEYS, (key) => this.#fatal.delete(key));
  readonly #fatal = new Map<string, Call>();

  /** Pairs of calls compared so far, over every key (a test holds it linear in the calls). */
  comparisons = 0;

  /** Keys remembered now (at most `MAX_KEYS`). */
  get keys(): number {
    return this.#windows.size;
  }

  /** Violations this call adds (by itself, or as the later call of a pair: at most one per rule and call). */
  judge(p: Proxied, operation: OperationId): ClientViolation[] {
    const call: Call = { p, op: operation, entry: traceEntry(p, operation) };
    const out = ownViolations(call);
    if (p.keyHash === "none") return out;
    const fatal = this.#fatal.get(p.keyHash);
    if (fatal && p.startedAt >= fatal.p.endedAt - TOLERANCE_MS && !isExempt(call, fatal))
      out.push({
        rule: stopOnFatal,
        exchange: p,
        evidence: [
          `${label(call)} was sent after the ${fatal.p.status} of ${label(fatal)} with the same key`,
        ],
      });
    if (!p.targetError && [401, 402, 403].includes(p.status) && (!fatal || p.endedAt < fatal.p.endedAt))
      this.#fatal.set(p.keyHash, call);
    const window = this.#window(p.keyHash);
    const before = window.comparisons;
    out.push(...window.judge(call));
    this.comparisons += window.comparisons - before;
    return out;
  }

  /** The key's window, made most recent; the key unseen the longest is forgotten past `MAX_KEYS`. */
  #window(keyHash: string): KeyWindow {
    return this.#windows.get(keyHash, () => new KeyWindow());
  }
}
