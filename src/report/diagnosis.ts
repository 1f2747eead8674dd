/**
 * The one-line diagnosis of a whole class of calls failing for one reason: when every call got the same 404, 401,
 * 403 or 5xx, the hundreds of failures that follow share one likely cause (a base URL without `/v1`, a wrong
 * key), and a reader should see that cause first, before any of them.
 */
import type { Report } from "./model.js";

/** Why every call may have answered `status`, as a question to the user; undefined when no one cause is likely. */
function likelyCause(status: number): string | undefined {
  if (status === 404) return "is --base-url the API root, including /v1 (e.g. https://api.example.com/v1)?";
  if (status === 401)
    return "is the key set in the variable --api-key-env names (default CB_API_KEY), and is it a key of this target?";
  if (status === 403)
    return "does the key's plan include API access (Plus or Business Plus; a Free key is refused with plan_required)?";
  if (status === 502 || status === 503 || status === 504)
    return "is the service behind the gateway at --base-url up?";
  if (status >= 500)
    return "does the target fail before reaching any operation (its configuration, its database)?";
  return undefined;
}

/**
 * The diagnosis of `statuses` (how many answers had each status) seen on `what` (`call`, `/resolve`), or
 * undefined when the answers differ or their one status has no single likely cause.
 */
export function wholeClassDiagnosis(
  statuses: Readonly<Record<string, number>>,
  what: string,
): string | undefined {
  const seen = Object.entries(statuses).filter(([, n]) => n > 0);
  if (seen.length !== 1) return undefined;
  const status = Number(seen[0][0]);
  const cause = likelyCause(status);
  if (cause === undefined) return undefined;
  const every = seen[0][1] === 1 ? `the one ${what}` : `every ${what} (${seen[0][1]})`;
  return `${every} answered ${status}: ${cause}`;
}

/** The statuses of the failing rows' counterexamples. */
function failingStatuses(report: Report): Set<number> {
  const statuses = new Set<number>();
  for (const r of report.results)
    if (r.status === "fail")
      for (const cx of r.counterexamples) if (cx.status !== undefined) statuses.add(cx.status);
  return statuses;
}

/**
 * The whole-class diagnosis of a report that did not pass, from the statuses its responses held: every call
 * answered one status; or no call succeeded and every failure answered one status (a run that stopped at the
 * main key's first 401 has also seen the 404s and 405s of its keyless probes).
 */
export function reportDiagnosis(report: Report): string | undefined {
  if (report.verdict === "pass") return undefined;
  const statuses = report.coverage?.seen.statuses;
  if (!statuses) return undefined;
  const whole = wholeClassDiagnosis(statuses, "call");
  if (whole || Object.keys(statuses).some((s) => s.startsWith("2"))) return whole;
  const failing = [...failingStatuses(report)];
  const cause = failing.length === 1 ? likelyCause(failing[0]) : undefined;
  return cause && `no call succeeded, and every failure answered ${failing[0]}: ${cause}`;
}
