/**
 * Bounds a report before it is written: a hostile server can send megabytes in a body that ends up as a
 * `received` value; every reporter shows at most MAX_VALUE_CHARS of each free-text field.
 */
import { CURL_BODY_LIMIT } from "./curl.js";
import { MAX_VALUE_CHARS, truncate } from "./escape.js";
import type { CheckResult, Counterexample, Report } from "./model.js";

function boundText<T extends string | undefined>(text: T, max = MAX_VALUE_CHARS): T {
  return (text === undefined ? text : truncate(text, max)) as T;
}

function boundCounterexample(cx: Counterexample): Counterexample {
  const out: Counterexample = { ...cx, title: truncate(cx.title, 500) };
  if (cx.expected !== undefined) out.expected = boundText(cx.expected);
  if (cx.received !== undefined) out.received = boundText(cx.received);
  // The curl line already carries its own truncation note for big bodies; allow it that length.
  if (cx.curl !== undefined) out.curl = boundText(cx.curl, CURL_BODY_LIMIT + MAX_VALUE_CHARS);
  if (cx.request?.body !== undefined)
    out.request = { ...cx.request, body: boundText(cx.request.body, CURL_BODY_LIMIT) };
  if (cx.evidence) out.evidence = cx.evidence.map((e) => truncate(e));
  return out;
}

function boundResult(r: CheckResult): CheckResult {
  const out: CheckResult = { ...r, counterexamples: r.counterexamples.map(boundCounterexample) };
  if (r.message !== undefined) out.message = boundText(r.message);
  return out;
}

/** A copy of the report with every free-text field cut to a readable length. */
export function boundReport(report: Report): Report {
  return { ...report, results: report.results.map(boundResult) };
}
