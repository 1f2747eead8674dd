/**
 * Judging one proxy session's exchanges, in the order they ended: each raw exchange becomes a `Proxied` (key
 * hashed and redacted), its response goes through the check catalogue and the call through the client rules of
 * its key. Pure bookkeeping with no I/O: it runs on the judge thread (judge-worker.ts), and in tests beside it.
 * Live traffic repeats itself, so the server-side verdict is reused for a response equal to an earlier one up to
 * its `request_id`, to the same request (the memo `load` uses: checks are pure functions of both), when that
 * verdict was clean (findings may quote the body, id included).
 */

import { maskRequestId, responseListKey, VerdictMemo } from "../checks/support/verdict-memo.js";
import { inferOperation } from "../checks/validate/request-input.js";
import type { OperationId } from "../transport/exchange.js";
import { ClientKeys } from "./client-keys.js";
import type { Finding } from "./finding.js";
import { ClientJudge } from "./judge-client.js";
import { basePathOf, judgeServer, relativePath, type ServerFinding, toExchange } from "./judge-server.js";
import type { Proxied } from "./proxied.js";
import { PROXY_MAX_BODY_BYTES } from "./proxy-defaults.js";
import { type RawExchange, toProxied } from "./raw-exchange.js";
import { type RequestFacts, requestFacts } from "./request-facts.js";

/** Bodies larger than this are always judged in full (the memo keeps the last body per request). */
const MEMO_MAX_BODY = 64 * 1024;

/** The verdict on one exchange. */
export interface JudgedExchange {
  n: number;
  keyHash: string;
  /** The copy was cut (cap, client gone): not judged on the server side. */
  isServerUnjudged: boolean;
  findings: Finding[];
}

/** The judge of one proxy session against `baseUrl` (the target's base URL, `…/v1`). */
export class JudgeSession {
  readonly #clientJudge = new ClientJudge();
  readonly #memo = new VerdictMemo<ServerFinding>();
  readonly #basePath: string;
  /** Facts are shared per distinct request and dropped with the facts cache: a weak map lets them go. */
  readonly #operations = new WeakMap<RequestFacts, OperationId>();
  /** The clients' keys (learned once per distinct request: per facts), redacted from every finding. */
  readonly #keys = new ClientKeys();
  readonly #learnedFrom = new WeakSet<RequestFacts>();
  /** `maxBodyBytes`: most bytes a gzip body may decode to before it is judged unusable. */
  constructor(
    readonly baseUrl: string,
    readonly maxBodyBytes = PROXY_MAX_BODY_BYTES,
  ) {
    this.#basePath = basePathOf(baseUrl);
  }

  /** Server-side verdicts reused from an equal earlier response. */
  get memoHits(): number {
    return this.#memo.hits;
  }

  /** Judges one exchange (after every exchange that ended before it). */
  judge(raw: RawExchange): JudgedExchange {
    const facts = requestFacts(raw.method, raw.url, raw.rawHeaders);
    if (!this.#learnedFrom.has(facts)) {
      this.#keys.learn(raw.rawHeaders);
      this.#learnedFrom.add(facts);
    }
    const p = toProxied(raw, facts);
    const operation = this.#operationOf(facts, p);
    const findings: Finding[] = [];
    // A copy that is not whole (the cap, or a client that left) cannot be judged fairly: a cut body is no
    // fault of the server's.
    const isServerUnjudged = p.cut !== undefined && !p.targetError;
    if (!isServerUnjudged)
      for (const s of this.#judgeServer(p, facts.memoId, raw.responseHeaders))
        findings.push({ side: "server", ...s, operation, exchange: p, evidence: [s.title] });
    for (const v of this.#clientJudge.judge(p, operation))
      findings.push({
        side: "client",
        id: v.rule.id,
        severity: v.rule.level === "required" ? "error" : "warning",
        operation,
        title: v.rule.title,
        exchange: v.exchange,
        evidence: v.evidence,
      });
    // Where the proxy records an exchange: findings leave the judge with every client key redacted.
    return {
      n: p.n,
      keyHash: p.keyHash,
      isServerUnjudged,
      findings: this.#keys.redact(findings, raw.rawHeaders),
    };
  }

  /** The operation a request line names: inferred once per distinct request (facts), not per exchange. */
  #operationOf(facts: RequestFacts, p: Proxied): OperationId {
    let operation = this.#operations.get(facts);
    if (operation === undefined) {
      operation = inferOperation(p.method, relativePath(p.url, this.#basePath));
      this.#operations.set(facts, operation);
    }
    return operation;
  }

  /** `memoId`: the request but its body (`RequestFacts.memoId`); `rawHeaders`: the response's, as sent. */
  #judgeServer(p: Proxied, memoId: number, rawHeaders: readonly string[]): ServerFinding[] {
    // The bytes, not their text: decoding every body costs more than the checks it spares.
    const masked =
      p.targetError || p.responseBody.length > MEMO_MAX_BODY ? undefined : maskRequestId(p.responseBody);
    if (masked === undefined) return judgeServer(toExchange(p, this.baseUrl, this.maxBodyBytes));
    // The body's length first: where it ends is then never in doubt, whatever it holds.
    const request = p.body === "" ? memoId : `${memoId}:${p.body.length}:${p.body}`;
    const key = responseListKey(request, p.status, rawHeaders);
    const known = this.#memo.lookup(key, masked);
    if (known) return known;
    const found = judgeServer(toExchange(p, this.baseUrl, this.maxBodyBytes));
    // Only a clean verdict is reused: a finding may quote the body (its request_id too, even cut short), and a
    // reused one would show another response's id. Clean is what live traffic mostly is.
    if (found.length === 0) this.#memo.remember(key, masked, found);
    return found;
  }
}
