/** A report with every status and hostile server text, shared by the reporter tests. */
import type { Report } from "../model.js";

/** The API key the tests pretend was used; it must never reach a written file. */
export const SAMPLE_SECRET = "cbk_live_S3cr3tK3y&<x>'*";

/** Text a hostile server might send back. */
export const HOSTILE = "</failure>]]><script>alert(1)</script>\u0001 ``` | <img src=http://evil/x>";

/** A report with pass, fail (hostile + huge received), warn, skip and inconclusive rows. */
export function sampleReport(): Report {
  return {
    tool: "cbcheck",
    version: "0.1.0",
    command: "run",
    startedAt: "2026-11-21T17:00:00.000Z",
    finishedAt: "2026-11-21T17:01:00.000Z",
    seed: 42,
    target: { baseUrl: "http://127.0.0.1:8080/v1", embedded: true },
    verdict: "fail",
    summary: { passed: 1, failed: 2, skipped: 1, warnings: 1, inconclusive: 1, calls: 17 },
    notes: ["stopped at --max-calls 2000"],
    results: [
      {
        id: "response.schema",
        suite: "schema",
        operation: "resolve",
        status: "pass",
        sentence: "All envelope fields are required; no other fields appear.",
        exchanges: 10,
        counterexamples: [],
      },
      {
        id: "resolve.cursor_null",
        suite: "schema",
        operation: "resolve",
        status: "fail",
        sentence: "continuation marker on entity reads; always null on resolve",
        section: "Resources / Response envelope",
        counterexamples: [
          {
            title: "cursor is not null on resolve",
            pointer: "/cursor",
            expected: "null",
            received: HOSTILE,
            status: 200,
            shrinks: 3,
            request: {
              method: "GET",
              url: "http://127.0.0.1:8080/v1/resolve?query=Acme%20'AS'",
              headers: { authorization: `Bearer ${SAMPLE_SECRET}`, accept: "application/json" },
            },
          },
        ],
      },
      {
        id: "coverage.requested_returned_or_missing",
        suite: "negative",
        operation: "entity-batch",
        status: "fail",
        sentence: "Ids that do not exist appear in coverage.missing, not as an error.",
        counterexamples: [
          {
            title: "huge body",
            received: "x".repeat(100_000),
            curl: `curl -H 'Authorization: Bearer ${SAMPLE_SECRET}'`,
          },
        ],
      },
      {
        id: "alt.same_response",
        suite: "alt-base-url",
        status: "warn",
        sentence: "The same API is also served at {alt_base_url}",
        message: "as_of differs | ok",
        counterexamples: [],
      },
      {
        id: "auth.free_key_plan_required_403",
        suite: "auth",
        status: "skip",
        sentence: "A Free account receives 403",
        message: `no --free-key (a careless suite quoted the key ${SAMPLE_SECRET})`,
        counterexamples: [],
      },
      {
        id: "rate.limit_enforced",
        suite: "rate-limit",
        status: "inconclusive",
        sentence: "Calls per minute 120",
        message: "no 429 seen",
        counterexamples: [],
      },
    ],
  };
}
