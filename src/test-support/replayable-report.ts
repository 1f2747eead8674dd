/** A minimal run report with one failing counterexample recorded against `baseUrl`, for `replay`'s tests. */
import type { Report } from "../report/model.js";

/** The report; its counterexample is `GET {baseUrl}/resolve?query=x` with `authorization` (or none). */
export function replayableReport(baseUrl: string, authorization: string | undefined): Report {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  return {
    tool: "cbcheck",
    version: "0.0.0",
    command: "run",
    startedAt: "2024-01-01T00:00:00.000Z",
    finishedAt: "2024-01-01T00:00:01.000Z",
    target: { baseUrl, embedded: false },
    verdict: "fail",
    summary: { passed: 0, failed: 1, skipped: 0, warnings: 0, inconclusive: 0 },
    results: [
      {
        id: "envelope.contract_field",
        suite: "http",
        status: "fail",
        sentence: "s",
        counterexamples: [
          { title: "t", request: { method: "GET", url: `${baseUrl}/resolve?query=x`, headers } },
        ],
      },
    ],
  };
}
