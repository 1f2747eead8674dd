/**
 * What the client judge remembers of one API key: its recent calls that a later call can break a rule against —
 * the 429s (wait `Retry-After`), the 400s (no resend) and the entity batches (never two in flight) — each kind
 * in its own short list, newest last. A new call is checked against each list from the newest down and stops
 * at the first call it breaks a rule against, so judging one call costs at most `WINDOW` comparisons per kind
 * (almost always one or two), however many calls the key made: a client that hammers a 429ing target is judged
 * in time linear in its calls, with one finding per call and rule.
 */
import type { ClientRule } from "../certify/rule.js";
import { noResend400 } from "../certify/rules/no-resend-400.js";
import { sequentialCalls } from "../certify/rules/sequential-calls.js";
import { waitRetryAfter } from "../certify/rules/wait-retry-after.js";
import { sameRequest } from "../certify/trace-facts.js";
import type { TraceEntry } from "../server/types.js";
import type { OperationId } from "../transport/exchange.js";
import type { Proxied } from "./proxied.js";

/** Calls of each kind kept per key. */
export const WINDOW = 200;
/** Clock granularity: calls touching within this are not overlapping nor early. */
const TOLERANCE_MS = 1;

/** One judged call of a key. */
export interface Call {
  p: Proxied;
  op: OperationId;
  entry: TraceEntry;
  /** Rules a finding was already made for on this call (one finding per call and rule). */
  found?: Set<ClientRule>;
}

/** A client rule broken by one call. */
export interface ClientViolation {
  rule: ClientRule;
  exchange: Proxied;
  evidence: string[];
}

/** `exchange 12 (GET /v1/me)`. */
export const label = (c: Call) => `exchange ${c.p.n} (${c.p.method} ${c.p.url.split("?")[0]})`;

const push = (list: Call[], call: Call) => {
  list.push(call);
  if (list.length > WINDOW) list.shift();
};

/** The remembered calls of one key. */
export class KeyWindow {
  readonly #holds: Call[] = [];
  readonly #rejected: Call[] = [];
  readonly #batches: Call[] = [];
  /** Pairs of calls compared so far (a test holds it linear in the calls). */
  comparisons = 0;

  /** The violations `call` (ended after every remembered call) makes against the remembered ones; remembers it. */
  judge(call: Call): ClientViolation[] {
    const out: ClientViolation[] = [];
    const hold = this.#firstOf(this.#holds, (a) => waitedTooLittle(a, call));
    if (hold) out.push({ rule: waitRetryAfter, exchange: call.p, evidence: [hold] });
    const resent = this.#firstOf(this.#rejected, (a) => resentAfter400(a, call));
    if (resent) out.push({ rule: noResend400, exchange: call.p, evidence: [resent] });
    if (call.op === "entity-batch") out.push(...this.#overlaps(call));
    if (!call.p.targetError) {
      if (call.p.status === 429) push(this.#holds, call);
      else if (call.p.status === 400) push(this.#rejected, call);
    }
    if (call.op === "entity-batch") push(this.#batches, call);
    return out;
  }

  /** The evidence of the newest call of `list` that `test` finds broken, if any. */
  #firstOf(list: readonly Call[], test: (earlier: Call) => string | undefined): string | undefined {
    for (let i = list.length - 1; i >= 0; i--) {
      this.comparisons++;
      const evidence = test(list[i]);
      if (evidence) return evidence;
    }
    return undefined;
  }

  /**
   * Batch calls in flight at the same time as `call`: the one that started second broke the rule (once). The
   * list is in order of ending: past the first batch that ended before `call` started, none can overlap it.
   */
  #overlaps(call: Call): ClientViolation[] {
    const out: ClientViolation[] = [];
    const b = call.p;
    for (let i = this.#batches.length - 1; i >= 0; i--) {
      this.comparisons++;
      const other = this.#batches[i];
      const a = other.p;
      if (a.endedAt <= b.startedAt + TOLERANCE_MS) break;
      if (a.startedAt + TOLERANCE_MS >= b.endedAt) continue;
      const [first, second] = a.startedAt <= b.startedAt ? [other, call] : [call, other];
      second.found ??= new Set();
      if (second.found.has(sequentialCalls)) continue;
      second.found.add(sequentialCalls);
      out.push({
        rule: sequentialCalls,
        exchange: second.p,
        evidence: [`${label(second)} started before ${label(first)} had been answered`],
      });
    }
    return out;
  }
}

/** The evidence when `later` started within the `Retry-After` of the 429 `earlier`. */
function waitedTooLittle(earlier: Call, later: Call): string | undefined {
  const a = earlier.p;
  const b = later.p;
  if (b.startedAt < a.endedAt - TOLERANCE_MS) return undefined;
  const seconds = Number(a.responseHeaders["retry-after"]);
  if (!Number.isFinite(seconds) || b.startedAt >= a.endedAt + seconds * 1000 - TOLERANCE_MS) return undefined;
  const waited = ((b.startedAt - a.endedAt) / 1000).toFixed(2);
  return `${label(later)} started ${waited} s after the 429 of ${label(earlier)} (Retry-After: ${seconds})`;
}

/** The evidence when `later` is the request of the 400 `earlier`, sent again unchanged after its answer. */
function resentAfter400(earlier: Call, later: Call): string | undefined {
  if (later.p.startedAt < earlier.p.endedAt - TOLERANCE_MS || !sameRequest(earlier.entry, later.entry))
    return undefined;
  return `the request of ${label(earlier)} (400) was sent again unchanged as ${label(later)}`;
}
