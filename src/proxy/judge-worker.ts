/**
 * The judge thread of `cbcheck proxy`: receives batches of raw exchanges (in the order they ended), judges them
 * with one `JudgeSession` (client rules need every exchange of a key, in order: hence one thread), and answers
 * each batch with its findings counted by row (finding-rows.ts) — not one object per exchange or finding, so
 * that a client breaking a rule on every call costs neither thread more than a clean one.
 */
import { serveBatches } from "../worker-serve.js";
import { countFindings, type RowCount } from "./finding-rows.js";
import { JudgeSession } from "./judge-session.js";
import { decodeBatch, type WireBatch } from "./judge-wire.js";

/** The judge thread's answer to one batch. */
export interface JudgedBatch {
  /** Exchanges of the batch. */
  count: number;
  /** Those not judged on the server side: their copy was cut (cap, client gone). */
  cut: number;
  /** Those whose judging threw (not judged; the session goes on), and the first message. */
  failed: number;
  failure?: string;
  /** The distinct key hashes of the batch. */
  keys: string[];
  /** The batch's findings by row. */
  rows: RowCount[];
}

/**
 * Whose traffic a batch is: one proxy session's. Its calls are judged together (a call after a fatal error, a
 * call started before the last one ended), so a new session — a later proxy taking this thread when it was
 * parked (worker-host.ts), or the first batch after a death — starts a `JudgeSession` of its own.
 */
export interface JudgeThreadSession {
  /** Unique in the process that posts it. */
  id: string;
  baseUrl: string;
  maxBodyBytes: number;
}

/** A batch for the judge thread: its session and its exchanges. */
export interface SessionBatch {
  session: JudgeThreadSession;
  batch: WireBatch;
}

/**
 * The judge thread's nice value (Linux keeps one per thread). Judging must never slow forwarding: when both
 * want the same core, the forwarding thread wins, the judge falls behind and its bounded queue counts what it
 * skipped. With idle cores (1,000 req/s) it judges everything.
 */
const JUDGE_NICENESS = 10;

/** Judges a batch with `session`: an exchange whose judging throws is counted, not fatal to the others. */
export function judgeBatch(session: JudgeSession, batch: WireBatch): JudgedBatch {
  const exchanges = decodeBatch(batch);
  const reply: JudgedBatch = { count: exchanges.length, cut: 0, failed: 0, keys: [], rows: [] };
  const keys = new Set<string>();
  const findings = [];
  for (const raw of exchanges) {
    try {
      const judged = session.judge(raw);
      keys.add(judged.keyHash);
      if (judged.isServerUnjudged) reply.cut++;
      findings.push(...judged.findings);
    } catch (err) {
      reply.failed++;
      reply.failure ??= `exchange ${raw.n}: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  reply.keys = [...keys];
  reply.rows = countFindings(findings);
  // The response bodies stay here: the report never shows them.
  for (const row of reply.rows)
    for (const f of row.shown) f.exchange = { ...f.exchange, responseBody: Buffer.alloc(0) };
  return reply;
}

/** Readies the schemas' validators before traffic arrives, on a session of its own. */
function warmUp(): void {
  new JudgeSession("http://127.0.0.1/v1", 1024).judge({
    n: 0,
    method: "GET",
    url: "/v1/resolve?query=x",
    rawHeaders: ["Authorization", "Bearer warm-up"],
    startedAt: 0,
    endedAt: 0,
    status: 200,
    responseHeaders: ["Content-Type", "application/json"],
    responseBody: new TextEncoder().encode("{}"),
  });
}

serveBatches<SessionBatch, JudgedBatch>(
  import.meta.url,
  () => {
    warmUp();
    // Each session its own: the warm-up call, or another proxy's, is no earlier call of this one's.
    let live: { id: string; session: JudgeSession } | undefined;
    return ({ session, batch }) => {
      if (live?.id !== session.id)
        live = { id: session.id, session: new JudgeSession(session.baseUrl, session.maxBodyBytes) };
      return judgeBatch(live.session, batch);
    };
  },
  { niceness: JUDGE_NICENESS },
);
