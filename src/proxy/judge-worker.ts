/**
 * The judge thread of `cbcheck proxy`: receives batches of raw exchanges (in the order they ended), judges them
 * with one `JudgeSession` (client rules need every exchange of a key, in order: hence one thread), and answers
 * each batch with its verdicts. Messages: `start` (the base URL, once), `batch`; replies `ready`, `judged`.
 */
import { parentPort, workerData } from "node:worker_threads";
import { lowerThreadPriority } from "../worker-thread.js";
import { type JudgedExchange, JudgeSession } from "./judge-session.js";
import { decodeBatch, type WireBatch } from "./judge-wire.js";

/** Messages into the judge thread. */
export type ToJudge = { type: "batch"; batch: WireBatch };

/** Messages out of the judge thread. */
export type FromJudge =
  | { type: "ready" }
  | {
      type: "judged";
      /** Exchanges of the batch. */
      count: number;
      /** Those with findings or not judged on the server side; the clean rest is only counted. */
      results: JudgedExchange[];
      /** The distinct key hashes of the batch's clean exchanges. */
      cleanKeys: string[];
    };

/**
 * The judge thread's nice value (Linux keeps one per thread; pid 0 is the calling thread). Judging must never
 * slow forwarding: when both want the same core, the forwarding thread wins, the judge falls behind and its
 * bounded queue counts what it skipped. With idle cores (1,000 req/s) it judges everything.
 */
const JUDGE_NICENESS = 10;

/** Marks the judge thread's `workerData`, so that importing this module elsewhere starts nothing. */
export const JUDGE_FLAG = "cbcheckProxyJudge";

/** A verdict fit to post back: the response body bytes stay here (the report never shows them). */
function postable(r: JudgedExchange): JudgedExchange {
  for (const f of r.findings) f.exchange = { ...f.exchange, responseBody: Buffer.alloc(0) };
  return r;
}

if (parentPort && (workerData as Record<string, unknown> | null)?.[JUDGE_FLAG] === true) {
  const port = parentPort;
  const data = workerData as Record<string, unknown>;
  const session = new JudgeSession(String(data.baseUrl), Number(data.maxBodyBytes));
  // The first judgement compiles every schema (about a second): done before traffic arrives.
  try {
    session.judge({
      n: 0,
      method: "GET",
      url: `${new URL(session.baseUrl).pathname.replace(/\/+$/, "")}/resolve?query=x`,
      rawHeaders: ["Authorization", "Bearer warm-up"],
      startedAt: 0,
      endedAt: 0,
      status: 200,
      responseHeaders: ["Content-Type", "application/json"],
      responseBody: new TextEncoder().encode("{}"),
    });
  } catch {
    // A broken catalogue shows up on the first real exchange, with its message.
  }
  lowerThreadPriority(JUDGE_NICENESS);
  // …with a fresh session, so that the warm-up call is no earlier call of anyone's.
  const live = new JudgeSession(session.baseUrl, session.maxBodyBytes);
  port.on("message", (m: ToJudge) => {
    // Clean exchanges travel back as a count and their keys: no object per exchange to clone and read.
    const results: JudgedExchange[] = [];
    const cleanKeys = new Set<string>();
    const exchanges = decodeBatch(m.batch);
    for (const raw of exchanges) {
      const r = live.judge(raw);
      if (r.findings.length > 0 || r.isServerUnjudged) results.push(postable(r));
      else cleanKeys.add(r.keyHash);
    }
    const count = exchanges.length;
    port.postMessage({ type: "judged", count, results, cleanKeys: [...cleanKeys] } satisfies FromJudge);
  });
  port.postMessage({ type: "ready" } satisfies FromJudge);
}
