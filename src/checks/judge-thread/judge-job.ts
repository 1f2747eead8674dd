/**
 * What the judging worker does with one job, in one function: the worker runs it on every job it is posted,
 * and the main thread runs it on a job not posted yet when it would otherwise wait for the worker
 * (`JudgeThread.judgeOneHere`), so a job gets the same answer wherever it runs. The body comes as text or
 * UTF-8 bytes and is decoded and parsed here, exactly as the transport (decode-body.ts) and `validate` did in
 * the main thread; a raw body that the main thread never decoded (a long sequential round) is decoded by the
 * transport's own `decodeBody`.
 */
import { HarnessError } from "../../errors.js";
import { decodeBody } from "../../transport/decode-body.js";
import type { Exchange } from "../../transport/exchange.js";
import { judgeExchange } from "../run-checks.js";
import { responseFacts } from "../support/response-facts.js";
import { validateText } from "../validate/validate-text.js";
import type { JobReply, JudgedAhead, JudgeJob } from "./messages.js";

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

/** The answer to one job: its value, or what it threw (as the main thread rebuilds it). */
export function answerJob(job: JudgeJob): JobReply {
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
