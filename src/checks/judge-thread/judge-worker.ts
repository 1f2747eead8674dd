/**
 * The judging worker: judges one exchange (the check catalogue) or one document (`validate`) at a time,
 * off the main thread, so that the main thread can end it (`Worker.terminate`) at the deadline however
 * long the body takes to judge. The body comes as text or UTF-8 bytes and is decoded and parsed here,
 * exactly as the transport (decode-body.ts) and `validate` did in the main thread; a raw body that the main
 * thread never decoded (a long sequential round) is decoded here by the transport's own `decodeBody`.
 */
import { parentPort, workerData } from "node:worker_threads";
import { HarnessError } from "../../errors.js";
import { decodeBody } from "../../transport/decode-body.js";
import type { Exchange } from "../../transport/exchange.js";
import { lowerThreadPriority } from "../../worker-thread.js";
import { judgeExchange } from "../run-checks.js";
import { responseFacts } from "../support/response-facts.js";
import { validateText } from "../validate/validate-text.js";
import { JUDGE_WORKER_FLAG, type JudgedAhead, type JudgeJob, type JudgeReply } from "./messages.js";

/** Nice value of the judging worker (see `lowerThreadPriority`). */
const JUDGE_NICENESS = 10;

function judge(job: JudgeJob): unknown {
  const { body } = job;
  const bytes =
    typeof body === "string" ? undefined : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (job.type === "exchange" && job.undecoded && bytes) return judgeUndecoded(job, bytes);
  const text = bytes ? bytes.toString("utf8") : (body as string);
  if (job.type === "document") return validateText(text, job.options, job.source);
  const response = job.exchange.response;
  // Only bodies that parsed in the main thread come here (see judge-thread.ts), so this parse succeeds.
  const exchange = response
    ? { ...job.exchange, response: { ...response, bodyText: text, json: JSON.parse(text) } }
    : job.exchange;
  return judgeExchange(exchange, job.ids);
}

/** A body the main thread never decoded: decoded here as the transport would have (decode-body.ts). */
function judgeUndecoded(job: Extract<JudgeJob, { type: "exchange" }>, bytes: Buffer): JudgedAhead {
  const response = job.exchange.response;
  const exchange: Exchange = response
    ? { ...job.exchange, response: { ...response, ...decodeBody(bytes, job.undecoded?.truncatedReason) } }
    : job.exchange;
  return { judgement: judgeExchange(exchange, job.ids), facts: responseFacts(exchange) };
}

function reply(job: JudgeJob): JudgeReply {
  try {
    return { type: "done", id: job.id, value: judge(job) };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    return {
      type: "threw",
      id: job.id,
      name: e.name,
      message: e.message,
      ...(err instanceof HarnessError ? { code: err.code } : {}),
    };
  }
}

if (parentPort && (workerData as Record<string, unknown> | null)?.[JUDGE_WORKER_FLAG] === true) {
  const port = parentPort;
  // Compiles the schemas (about a second) before the first real job: an empty object fails every schema.
  judgeExchange({
    operation: "resolve",
    request: { method: "GET", baseUrl: "http://127.0.0.1/v1", path: "/resolve", query: {}, headers: {} },
    response: { status: 200, headers: {}, bodyText: "{}", json: {}, durationMs: 0 },
  });
  // The runner's thread (requests, the embedded server) comes first when both want one core.
  lowerThreadPriority(JUDGE_NICENESS);
  // A batch of jobs is answered with one message of replies (each message wakes the other thread).
  port.on("message", (jobs: JudgeJob[]) => port.postMessage(jobs.map(reply)));
  port.postMessage({ type: "ready" } satisfies JudgeReply);
}
