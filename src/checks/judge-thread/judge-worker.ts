/**
 * The judging worker: judges one exchange (the check catalogue) or one document (`validate`) at a time
 * (judge-job.ts), off the main thread, so that the main thread can end it (`Worker.terminate`) at the
 * deadline however long the body takes to judge. A batch of jobs is answered with one array of replies (each
 * message wakes the other thread).
 */
import { serveBatches } from "../../worker-serve.js";
import { judgeExchange } from "../run-checks.js";
import { answerJob } from "./judge-job.js";
import type { JobReply, JudgeJob } from "./messages.js";

/** Nice value of the judging worker: the runner's thread (requests, the embedded server) wins a shared core. */
const JUDGE_NICENESS = 10;

serveBatches<JudgeJob[], JobReply[]>(
  import.meta.url,
  () => {
    // Readies the validators (precompiled: milliseconds) before the first real job: an empty object fails every
    // schema, so both the first-error and the every-error validators are loaded.
    judgeExchange({
      operation: "resolve",
      request: { method: "GET", baseUrl: "http://127.0.0.1/v1", path: "/resolve", query: {}, headers: {} },
      response: { status: 200, headers: {}, bodyText: "{}", json: {}, durationMs: 0 },
    });
    return (jobs) => jobs.map(answerJob);
  },
  { niceness: JUDGE_NICENESS },
);
