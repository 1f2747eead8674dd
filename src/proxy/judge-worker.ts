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

/** The judge thread's setup (its `workerData`). */
export interface JudgeThreadData {
  baseUrl: string;
  maxBodyBytes: number;
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
function warmUp(data: JudgeThreadData): void {
  new JudgeSession(data.baseUrl, data.maxBodyBytes).judge({
    n: 0,
    method: "GET",
    url: `${new URL(data.baseUrl).pathname.replace(/\/+$/, "")}/resolve?query=x`,
    rawHeaders: ["Authorization", "Bearer warm-up"],
    startedAt: 0,
    endedAt: 0,
    status: 200,
    responseHeaders: ["Content-Type", "application/json"],
    responseBody: new TextEncoder().encode("{}"),
  });
}

serveBatches<WireBatch, JudgedBatch>(
  import.meta.url,
  (workerData) => {
    const data = workerData as unknown as JudgeThreadData;
    warmUp(data);
    // A fresh session: the warm-up call is no earlier call of anyone's.
    const live = new JudgeSession(data.baseUrl, data.maxBodyBytes);
    return (batch) => judgeBatch(live, batch);
  },
  { niceness: JUDGE_NICENESS },
);
