/**
 * The judging worker: judges one exchange (the check catalogue) or one document (`validate`) at a time
 * (judge-job.ts), off the main thread, so that the main thread can end it (`Worker.terminate`) at the
 * deadline however long the body takes to judge.
 */
import { parentPort, workerData } from "node:worker_threads";
import { lowerThreadPriority } from "../../worker-thread.js";
import { judgeExchange } from "../run-checks.js";
import { answerJob } from "./judge-job.js";
import { JUDGE_WORKER_FLAG, type JudgeJob, type JudgeReply } from "./messages.js";

/** Nice value of the judging worker (see `lowerThreadPriority`). */
const JUDGE_NICENESS = 10;

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
  port.on("message", (jobs: JudgeJob[]) => port.postMessage(jobs.map(answerJob)));
  port.postMessage({ type: "ready" } satisfies JudgeReply);
}
