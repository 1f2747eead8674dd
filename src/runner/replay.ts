/**
 * `cbcheck replay`: re-sends one recorded counterexample of a report and judges the new response again —
 * with the check that failed when it is a response check, else against what the counterexample expected.
 * The key is read from the environment variable the recorded request names (`Bearer $CB_API_KEY`).
 */

import { CATALOGUE } from "../checks/catalogue.js";
import type { CheckFailure } from "../checks/check.js";
import { runChecks } from "../checks/run-checks.js";
import { inferOperation } from "../checks/validate/request-input.js";
import { HarnessError } from "../errors.js";
import type { CheckResult, Counterexample, Report } from "../report/model.js";
import type { Exchange } from "../transport/exchange.js";
import { Transport } from "../transport/send.js";

/** Options of `replay`; `check` or `index` picks the counterexample (default: the first failing one). */
export interface ReplayOptions {
  report: Report;
  /** The id of a failing row: its first counterexample. */
  check?: string;
  /** 1-based position among all counterexamples of failing rows, in report order. */
  index?: number;
  /** Environment to read keys from. */
  env: Record<string, string | undefined>;
  /** Variable used when the recorded request shows `<redacted>` (default CB_API_KEY). */
  apiKeyEnv?: string;
  timeoutMs?: number;
  maxBodyBytes?: number;
}

/** What the replay found. */
export interface ReplayResult {
  row: CheckResult;
  counterexample: Counterexample;
  exchange: Exchange;
  /** `fails again` (exit 1), `passes now` (exit 0), or `no response` (transport failure). */
  outcome: "fails again" | "passes now" | "no response";
  /** What was judged, e.g. the check's failures or the status expected. */
  failures: CheckFailure[];
  notes: string[];
}

const CHECK_IDS = new Set(CATALOGUE.map((c) => c.id));

function candidates(report: Report): { row: CheckResult; cx: Counterexample }[] {
  return report.results
    .filter((r) => r.status === "fail" || r.status === "warn")
    .flatMap((row) => row.counterexamples.filter((cx) => cx.request).map((cx) => ({ row, cx })));
}

function pick(options: ReplayOptions): { row: CheckResult; cx: Counterexample } {
  const all = candidates(options.report);
  if (all.length === 0)
    throw new HarnessError("CB_USAGE", "the report has no failing counterexample with a request");
  if (options.index !== undefined) {
    const found = all[options.index - 1];
    if (!found)
      throw new HarnessError(
        "CB_USAGE",
        `--index ${options.index}: the report has ${all.length} counterexamples`,
      );
    return found;
  }
  if (options.check !== undefined) {
    const found = all.find((c) => c.row.id === options.check);
    if (!found) {
      const ids = [...new Set(all.map((c) => c.row.id))].join(", ");
      throw new HarnessError(
        "CB_USAGE",
        `--check ${options.check}: no failing counterexample (failing: ${ids})`,
      );
    }
    return found;
  }
  return all[0];
}

/** The base URL of the report's target that the recorded URL starts with. */
function baseOf(report: Report, url: string): string {
  const bases = [report.target?.baseUrl, report.target?.altBaseUrl].filter((b): b is string => !!b);
  const base = bases.find((b) => url.startsWith(`${b.replace(/\/+$/, "")}/`));
  if (!base) throw new HarnessError("CB_USAGE", `the recorded URL ${url} is not under the report's target`);
  return base.replace(/\/+$/, "");
}

/** The key to send and the notes about where it came from. */
function keyFor(
  headers: Record<string, string>,
  options: ReplayOptions,
  notes: string[],
): string | undefined {
  const auth = Object.entries(headers).find(([k]) => k.toLowerCase() === "authorization")?.[1];
  if (auth === undefined) return undefined;
  const named = /^Bearer \$([A-Z_][A-Z0-9_]*)$/i.exec(auth)?.[1];
  const name = named ?? options.apiKeyEnv ?? "CB_API_KEY";
  if (!named) notes.push(`the recorded request's key was not named; sent the key in $${name}`);
  const key = options.env[name];
  if (!key)
    throw new HarnessError("CB_NO_KEY", `$${name} is unset or empty: the replayed request needs its key`);
  return key;
}

/** Judges the new exchange as the recorded row did. */
function judge(row: CheckResult, cx: Counterexample, ex: Exchange): CheckFailure[] {
  if (!ex.response) return [];
  if (CHECK_IDS.has(row.id)) return runChecks(ex, [row.id]);
  // A suite verdict: compare with what the counterexample expected, where that is a status.
  const expected = cx.expected?.match(/\b([1-5]\d\d)\b/)?.[1];
  if (expected && String(ex.response.status) !== expected) {
    return [
      {
        checkId: row.id,
        severity: "error",
        title: `answered ${ex.response.status}`,
        expected: cx.expected,
        received: String(ex.response.status),
      },
    ];
  }
  return [];
}

/** Re-sends the chosen counterexample once and judges it again. */
export async function replayCounterexample(options: ReplayOptions): Promise<ReplayResult> {
  const { row, cx } = pick(options);
  const request = cx.request as NonNullable<Counterexample["request"]>;
  const notes: string[] = [];
  const baseUrl = baseOf(options.report, request.url);
  const relative = request.url.slice(baseUrl.length);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.headers ?? {}))
    if (k.toLowerCase() !== "authorization") headers[k] = v;
  const apiKey = keyFor(request.headers ?? {}, options, notes);
  if (!CHECK_IDS.has(row.id) && !/\b[1-5]\d\d\b/.test(cx.expected ?? "")) {
    notes.push(`${row.id} is judged over several requests; only the response checks are run on this one`);
  }
  const transport = new Transport({
    timeoutMs: options.timeoutMs ?? 10_000,
    maxBodyBytes: options.maxBodyBytes ?? 16 * 2 ** 20,
  });
  try {
    const exchange = await transport.send({
      operation: inferOperation(request.method, relative),
      method: request.method,
      baseUrl,
      path: relative,
      headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(apiKey !== undefined ? { apiKey } : {}),
    });
    if (!exchange.response)
      return { row, counterexample: cx, exchange, outcome: "no response", failures: [], notes };
    const failures =
      CHECK_IDS.has(row.id) || /\b[1-5]\d\d\b/.test(cx.expected ?? "")
        ? judge(row, cx, exchange)
        : runChecks(exchange);
    const errors = failures.filter((f) => f.severity === "error" || row.status === "warn");
    return {
      row,
      counterexample: cx,
      exchange,
      outcome: errors.length > 0 ? "fails again" : "passes now",
      failures,
      notes,
    };
  } finally {
    await transport.close();
  }
}
