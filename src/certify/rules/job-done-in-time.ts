/**
 * Rule `client.job_done_in_time`: where nothing forces a stop, the client finishes the job within the timeout
 * and says so by its exit code — 0, or any non-zero code once it has written ids as failed ("done with errors":
 * the interface leaves that exit code open). Whether every id is in the output is `client.output_delivered`'s.
 */
import { failedLineCount, jobEnd } from "../job-end.js";
import { type ClientRule, fail, pass, skip } from "../rule.js";
import { describeEnd } from "./wait-retry-after.js";

/** Errors, 429 "…then continue" and 503 "Retry later": transient errors do not end the job. */
export const jobDoneInTime: ClientRule = {
  id: "client.job_done_in_time",
  title: "The job done within the timeout",
  sentence:
    "429 — Wait at least `Retry-After` seconds, then continue. 503 — Retry later with the same request.",
  section: "Errors (certification job: exit 0, or non-zero after per-id failures, within --timeout-s)",
  level: "required",
  grade(_trace, output, run) {
    if (run.expectsStop)
      return skip("this scenario ends the job early (fatal error or a Retry-After beyond the timeout)");
    const end = jobEnd(run, output);
    if (end === "done") return pass(`the client ${describeEnd(run)}`);
    if (end === "done-with-errors") {
      return pass(
        `the client ${describeEnd(run)} after writing ${failedLineCount(output)} id(s) as failed: done with errors (the exit code after per-id failures is the client's choice)`,
      );
    }
    const tail = run.stderr.split(run.apiKey).join("<redacted>").trim().split("\n").slice(-3).join(" | ");
    const why = run.timedOut || run.exitCode === null ? "" : " without writing any id as failed";
    return fail(
      `the client ${describeEnd(run)}${why} (timeout ${run.timeoutS} s)`,
      ...(tail ? [`stderr ends: ${tail.slice(0, 300)}`] : []),
    );
  },
};
