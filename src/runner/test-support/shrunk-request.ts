/** Reading the shrunk counterexample of a failed `schema` property out of a run's report, for comparisons. */
import type { Report } from "../../report/model.js";

/**
 * The request of the shrunk counterexample of `checkId` (the row of the generated property: the meaning
 * steps' fixed reads may fail the same check, unshrunk), as `METHOD path?query body` without the origin
 * (the embedded server's port differs between runs); undefined when no such row has a shrunk example.
 */
export function shrunkRequest(report: Report, checkId: string): string | undefined {
  const row = report.results.find(
    (r) => r.id === checkId && r.status === "fail" && r.counterexamples[0]?.shrinks !== undefined,
  );
  const request = row?.counterexamples[0]?.request;
  if (!request) return undefined;
  const url = new URL(request.url);
  return `${request.method} ${url.pathname}${url.search} ${request.body}`;
}
