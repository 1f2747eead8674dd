/**
 * The judging worker: judges one exchange (the check catalogue) or one document (`validate`) at a time,
 * off the main thread, so that the main thread can end it (`Worker.terminate`) at the deadline however
 * long the body takes to judge. The body comes as UTF-8 bytes and is decoded and parsed here, exactly as
 * the transport (decode-body.ts) and `validate` did in the main thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { HarnessError } from "../../errors.js";
import { judgeExchange } from "../run-checks.js";
import { validateText } from "../validate/validate-text.js";
import { JUDGE_WORKER_FLAG, type JudgeJob, type JudgeReply } from "./messages.js";

function judge(job: JudgeJob): unknown {
  const text = Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength).toString("utf8");
  if (job.type === "document") return validateText(text, job.options, job.source);
  const response = job.exchange.response;
  // Only bodies that parsed in the main thread come here (see judge-thread.ts), so this parse succeeds.
  const exchange = response
    ? { ...job.exchange, response: { ...response, bodyText: text, json: JSON.parse(text) } }
    : job.exchange;
  return judgeExchange(exchange, job.ids);
}

if (parentPort && (workerData as Record<string, unknown> | null)?.[JUDGE_WORKER_FLAG] === true) {
  const port = parentPort;
  // Compiles the schemas (about a second) before the first real job: an empty object fails every schema.
  judgeExchange({
    operation: "resolve",
    request: { method: "GET", baseUrl: "http://127.0.0.1/v1", path: "/resolve", query: {}, headers: {} },
    response: { status: 200, headers: {}, bodyText: "{}", json: {}, durationMs: 0 },
  });
  port.on("message", (job: JudgeJob) => {
    let reply: JudgeReply;
    try {
      reply = { type: "done", id: job.id, value: judge(job) };
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      reply = {
        type: "threw",
        id: job.id,
        name: e.name,
        message: e.message,
        ...(err instanceof HarnessError ? { code: err.code } : {}),
      };
    }
    port.postMessage(reply);
  });
  port.postMessage({ type: "ready" } satisfies JudgeReply);
}
