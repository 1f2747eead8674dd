/** Rule `client.job_done_in_time`: where nothing forces a stop, the client finishes the job and exits 0 in time. */
import { type ClientRule, fail, pass, skip } from "../rule.js";
import { describeEnd } from "./wait-retry-after.js";

/** Errors, 429 "…then continue" and 503 "Retry later": transient errors do not end the job. */
export const jobDoneInTime: ClientRule = {
  id: "client.job_done_in_time",
  title: "The job done within the timeout",
  sentence:
    "429 — Wait at least `Retry-After` seconds, then continue. 503 — Retry later with the same request.",
  section: "Errors (certification job: exit 0 within --timeout-s)",
  level: "required",
  grade(_trace, _output, run) {
    if (run.expectsStop)
      return skip("this scenario ends the job early (fatal error or a Retry-After beyond the timeout)");
    if (run.exitCode === 0 && !run.timedOut) return pass(`the client ${describeEnd(run)}`);
    const tail = run.stderr.split(run.apiKey).join("<redacted>").trim().split("\n").slice(-3).join(" | ");
    return fail(
      `the client ${describeEnd(run)} (timeout ${run.timeoutS} s)`,
      ...(tail ? [`stderr ends: ${tail.slice(0, 300)}`] : []),
    );
  },
};
