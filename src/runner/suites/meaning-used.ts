/**
 * `me.used_counts_call` (a warning): the counts `/me` shows as `used` ("today and this month") count a call made
 * between two readings (Limits rule 1: "All usage is metered, including data that costs 0 credits"; rule 4:
 * "`/me` shows used counts"). Judged on the `cost.balance_matches_me` readings (`/me`, one basic read, `/me`).
 * The shape of `used` is not shown, so only its numbers are read: none may go down within one UTC day, and
 * when `used` names its day and month parts (a member named like `today`/`day` and one like `month`), each
 * must have a count that grew; otherwise some count must grow. A warning: metering may settle after the
 * answer ("settles the actual amount afterwards") and the shape is not shown.
 */

import type { Problem } from "../../checks/check.js";
import { failure } from "../../checks/support/failure.js";
import { isObject, type JsonObject, objectAt } from "../../checks/support/json.js";
import type { Exchange } from "../../transport/exchange.js";
import { MEANING } from "../../verdicts/meaning.js";
import type { KeyChoice } from "../../vocabulary/planned-request.js";
import type { Outcome } from "../suite.js";

const DAY_MS = 86_400_000;
const DAY_PART = /day|daily/i;
const MONTH_PART = /month/i;

/** One key's reading: `/me`, a basic read with the same key, `/me` again. */
export interface MeReading {
  key: KeyChoice;
  before: Exchange;
  call: Exchange;
  after: Exchange;
}

/** `credential.used` of a 200 `/me`, when an object. */
function usedOf(ex: Exchange): JsonObject | undefined {
  const json = ex.response?.status === 200 ? ex.response.json : undefined;
  const used = objectAt(objectAt(json, "credential"), "used");
  return isObject(used) ? used : undefined;
}

/** The numbers inside `value`, by their path (bounded depth: the shape is not shown). */
function counts(value: unknown, path: string, out: Map<string, number>, depth = 0): Map<string, number> {
  if (typeof value === "number" && Number.isFinite(value)) out.set(path, value);
  else if (isObject(value) && depth < 4)
    for (const [k, v] of Object.entries(value)) counts(v, `${path}.${k}`, out, depth + 1);
  return out;
}

/** The UTC day of the answer's `Date` header, when it has one. */
function utcDay(ex: Exchange): number | undefined {
  const ms = Date.parse(ex.response?.headers.date ?? "");
  return Number.isFinite(ms) ? Math.floor(ms / DAY_MS) : undefined;
}

/** The outcome of one key's reading (pure, so that every accepted shape is shown by a test). */
export function judgeUsedCounts(r: MeReading): Outcome {
  const verdict = MEANING.usedCountsCall;
  const [u1, u2] = [usedOf(r.before), usedOf(r.after)];
  const [d1, d2] = [utcDay(r.before), utcDay(r.after)];
  if (!u1 || !u2 || r.call.response?.status !== 200) {
    const message = `not judged (${r.key} key): /me must answer 200 with credential.used an object, and the read 200`;
    return { verdict, status: "skip", message, exchange: r.after };
  }
  if (d1 !== undefined && d2 !== undefined && d1 !== d2) {
    const message = `not judged (${r.key} key): the UTC day changed between the two /me readings (counters reset)`;
    return { verdict, status: "skip", message, exchange: r.after };
  }
  const [a, b] = [counts(u1, "used", new Map()), counts(u2, "used", new Map())];
  const grew = (prefix: string) => [...b].some(([p, v]) => p.startsWith(prefix) && v > (a.get(p) ?? v));
  const problems: Problem[] = [];
  for (const [p, v] of b) {
    const was = a.get(p);
    if (was !== undefined && v < was)
      problems.push({
        title: `credential.${p} went down within one UTC day`,
        expected: `>= ${was}`,
        received: String(v),
      });
  }
  const parts = Object.keys(u2).filter((k) => DAY_PART.test(k) || MONTH_PART.test(k));
  for (const part of parts.length > 0 ? parts : [""]) {
    const at = part ? `used.${part}` : "used";
    if (!grew(part ? `${at}.` : "used") && !(b.has(at) && (b.get(at) ?? 0) > (a.get(at) ?? Infinity)))
      problems.push({
        title: `credential.${at} did not count the basic read made between two /me readings`,
        expected: "a count that grew (a call and its records are metered, even at 0 credits)",
        received: JSON.stringify(part ? u2[part] : u2) ?? "undefined",
      });
  }
  if (problems.length === 0) return { verdict, status: "pass", exchange: r.after };
  const failures = problems.map((p) =>
    failure(verdict, { ...p, pointer: "/credential/used", severity: "warning" }),
  );
  return { verdict, status: "warn", exchange: r.after, failures };
}
