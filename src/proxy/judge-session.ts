/**
 * Judging one proxy session's exchanges, in the order they ended: each raw exchange becomes a `Proxied` (key
 * hashed and redacted), its response goes through the check catalogue and the call through the client rules of
 * its key. Pure bookkeeping with no I/O: it runs on the judge thread (judge-worker.ts), and in tests beside it.
 */
import type { Finding } from "./finding.js";
import { ClientJudge } from "./judge-client.js";
import { judgeServer, toExchange } from "./judge-server.js";
import { type RawExchange, toProxied } from "./raw-exchange.js";

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
  constructor(readonly baseUrl: string) {}

  /** Judges one exchange (after every exchange that ended before it). */
  judge(raw: RawExchange): JudgedExchange {
    const p = toProxied(raw);
    const exchange = toExchange(p, this.baseUrl);
    const findings: Finding[] = [];
    // A copy that is not whole (the cap, or a client that left) cannot be judged fairly: a cut body is no
    // fault of the server's.
    const isServerUnjudged = p.cut !== undefined && !p.targetError;
    if (!isServerUnjudged)
      for (const s of judgeServer(exchange))
        findings.push({
          side: "server",
          ...s,
          operation: exchange.operation,
          exchange: p,
          evidence: [s.title],
        });
    for (const v of this.#clientJudge.judge(p, exchange.operation))
      findings.push({
        side: "client",
        id: v.rule.id,
        severity: v.rule.level === "required" ? "error" : "warning",
        operation: exchange.operation,
        title: v.rule.title,
        exchange: v.exchange,
        evidence: v.evidence,
      });
    return { n: p.n, keyHash: p.keyHash, isServerUnjudged, findings };
  }
}
