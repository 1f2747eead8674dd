/**
 * `cbcheck replay`: re-sends one recorded counterexample of a report and judges the new response again —
 * with the check that failed when it is a response check, else against what the counterexample expected.
 * Where it goes and which key it carries are the user's choice, never the report's (replay-target.ts); what
 * it gives back is redacted with that key (src/redactor.ts), the judging alone sees the raw response.
 */

import { CATALOGUE } from "../checks/catalogue.js";
import type { CheckFailure } from "../checks/check.js";
import type { Judgement } from "../checks/run-checks.js";
import { inferOperation } from "../checks/validate/request-input.js";
import { HarnessError } from "../errors.js";
import { type HeaderInput, headerSecrets, parseHeaders } from "../extra-headers.js";
import { REDACTED, Redactor } from "../redactor.js";
import type { CheckResult, Counterexample, Report } from "../report/model.js";
import { type Replayable, replayableCounterexamples } from "../report/replayable.js";
import type { Exchange } from "../transport/exchange.js";
import { type RedactedExchange, redactExchange } from "../transport/redact-exchange.js";
import { Transport, type WireRequest } from "../transport/send.js";
import { type ReplayDestination, replayKey, replayTarget } from "./replay-target.js";
import { RUN_DEFAULTS } from "./run-defaults.js";
import { SendGuard } from "./send-guard.js";

/** Options of `replay`; `check` or `index` picks the counterexample (default: the first failing one). */
export interface ReplayOptions extends ReplayDestination {
  report: Report;
  /** The id of a failing row: its first counterexample. */
  check?: string;
  /** 1-based position among all counterexamples of failing rows, in report order. */
  index?: number;
  /** Environment to read the key from (only `apiKeyEnv`, default CB_API_KEY, is read). */
  env: Record<string, string | undefined>;
  timeoutMs?: number;
  maxBodyBytes?: number;
  /**
   * Headers sent instead of the recorded ones of the same name (`--header`, as `run` took them): a
   * credential-like one was recorded `<redacted>`, so a gateway's key must be given again.
   */
  headers?: readonly HeaderInput[];
  /** Told, before anything is sent, the one line of what goes where: method, URL and the key's variable. */
  onSend?: (line: string) => void;
  /** Deadline in seconds for sending and judging (default: run's, 600); past it, `RunStopped` is thrown. */
  deadlineS?: number;
  /** Calls without a response before giving up (default: run's; one request is sent, so only 1 matters). */
  giveUpAfterFailures?: number;
  /** 429s in a row before giving up (default: run's; 1 gives up at the first, without waiting). */
  giveUpAfter429s?: number;
  /** Aborted on an interruption (the CLI's SIGINT/SIGTERM): the request is abandoned, `RunStopped` thrown. */
  signal?: AbortSignal;
}

/** What the replay found; the exchange and the failures' texts redacted with the key sent. */
export interface ReplayResult {
  row: CheckResult;
  counterexample: Counterexample;
  exchange: RedactedExchange;
  /** `fails again` (exit 1), `passes now` (exit 0), or `no response` (transport failure). */
  outcome: "fails again" | "passes now" | "no response";
  /** What was judged, e.g. the check's failures or the status expected. */
  failures: CheckFailure[];
  notes: string[];
}

const CHECK_IDS = new Set(CATALOGUE.map((c) => c.id));

function pick(options: ReplayOptions): Replayable {
  const all = replayableCounterexamples(options.report.results);
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

/** The variable a recorded `Authorization: Bearer $NAME` names, if any (shown in a note, never read). */
function namedVariable(headers: Record<string, string>): string | undefined {
  const auth = Object.entries(headers).find(([k]) => k.toLowerCase() === "authorization")?.[1];
  return auth === undefined ? undefined : (/^Bearer \$([A-Z_][A-Z0-9_]*)$/i.exec(auth)?.[1] ?? "");
}

/** The failures' texts, redacted. */
function redactFailures(failures: CheckFailure[], redactor: Redactor): CheckFailure[] {
  return failures.map((f) => redactor.value(f));
}

/** The check catalogue (or the checks `ids`) on an exchange; a large body was judged on the worker. */
type JudgeChecks = (ex: Exchange, ids?: string[]) => Judgement;

/**
 * Judges the new exchange as the recorded row did. A check that does not apply to the new answer (no JSON
 * body, another status) cannot pass on it: the answer is then judged with every check (noted).
 */
function judge(
  row: CheckResult,
  cx: Counterexample,
  ex: Exchange,
  checks: JudgeChecks,
  notes: string[],
): CheckFailure[] {
  if (!ex.response) return [];
  if (CHECK_IDS.has(row.id)) {
    const own = checks(ex, [row.id]);
    if (own.applicable.includes(row.id)) return own.failures;
    const why = ex.response.bodyError ?? `status ${ex.response.status}`;
    notes.push(`${row.id} does not apply to the new response (${why}): judged with every check`);
    return checks(ex).failures;
  }
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

/**
 * Re-sends the chosen counterexample once and judges it again, through the guards of every sending command
 * (send-guard.ts): bounded body, deadline, interruption, give-up; a large body is judged on the worker under
 * the deadline. Throws `RunStopped` when the deadline, an interruption or a 429 ends it before a verdict.
 */
export async function replayCounterexample(options: ReplayOptions): Promise<ReplayResult> {
  const { row, cx } = pick(options);
  const request = cx.request as NonNullable<Counterexample["request"]>;
  const notes: string[] = [];
  const { baseUrl, relative } = replayTarget(options.report, request.url, options);
  const extra = parseHeaders(options.headers);
  const given = new Set(extra.map((h) => h.name));
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.headers ?? {})) {
    const name = k.toLowerCase();
    if (name === "authorization" || given.has(name)) continue;
    headers[k] = v;
    if (v.includes(REDACTED))
      notes.push(
        `${name} was recorded ${REDACTED} and is sent so; pass --header ${name}:VALUE to send its value`,
      );
  }
  const named = namedVariable(request.headers ?? {});
  const key = named === undefined ? undefined : replayKey(options, options.env);
  if (named && key && named !== key.env)
    notes.push(`the recorded request named $${named}; the key sent is $${key.env}'s (--api-key-env)`);
  if (!CHECK_IDS.has(row.id) && !/\b[1-5]\d\d\b/.test(cx.expected ?? "")) {
    notes.push(`${row.id} is judged over several requests; only the response checks are run on this one`);
  }
  const redactor = new Redactor([key?.key, ...headerSecrets(extra)]);
  const url = `${baseUrl}${relative}`;
  options.onSend?.(
    redactor.text(
      `sending ${request.method} ${url} ${key ? `with the key in $${key.env}` : "without a key (none recorded)"}`,
    ),
  );
  const transport = new Transport({
    timeoutMs: options.timeoutMs ?? 10_000,
    maxBodyBytes: options.maxBodyBytes ?? 16 * 2 ** 20,
    extraHeaders: extra,
  });
  const guard = new SendGuard(
    {
      deadlineS: options.deadlineS ?? RUN_DEFAULTS.deadlineS,
      giveUpAfterFailures: options.giveUpAfterFailures ?? RUN_DEFAULTS.giveUpAfterFailures,
      giveUpAfter429s: options.giveUpAfter429s ?? RUN_DEFAULTS.giveUpAfter429s,
    },
    options.signal ? { signal: options.signal } : {},
  );
  const checks: JudgeChecks = (ex, ids) => guard.prejudged.judge(ex, ids);
  try {
    const wire: WireRequest = {
      operation: inferOperation(request.method, relative),
      method: request.method,
      baseUrl,
      path: relative,
      headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(key !== undefined ? { apiKey: key.key, keyEnv: key.env } : {}),
    };
    // A 429 is a limit, not an answer to judge (unless the counterexample itself was one): waited out once;
    // a second 429 is no verdict.
    const exchange = await guard.sendOutlasting429(transport, wire, {
      waitOn429: cx.status !== 429,
      again429: "the target answered 429 again after its Retry-After: no verdict",
    });
    const shown = redactExchange(exchange, redactor);
    if (!exchange.response)
      return { row, counterexample: cx, exchange: shown, outcome: "no response", failures: [], notes };
    const failures =
      CHECK_IDS.has(row.id) || /\b[1-5]\d\d\b/.test(cx.expected ?? "")
        ? judge(row, cx, exchange, checks, notes)
        : checks(exchange).failures;
    const errors = failures.filter((f) => f.severity === "error" || row.status === "warn");
    return {
      row,
      counterexample: cx,
      exchange: shown,
      outcome: errors.length > 0 ? "fails again" : "passes now",
      failures: redactFailures(failures, redactor),
      notes,
    };
  } finally {
    await guard.close();
    await transport.close();
  }
}
