/**
 * Aggregates the outcomes suites record into report rows: one row per (suite, verdict id, operation),
 * the worst status winning, with a few counterexamples each (the first ones found; after shrinking
 * the schema suite records the minimal one). This is where a run's exchanges leave judging: what a row
 * records of an outcome (its exchange, the failures' texts, its message) is redacted with the run's keys.
 */
import type { CheckFailure } from "../checks/check.js";
import type { Redactor } from "../redactor.js";
import { curlRequestOf, toCurl } from "../report/curl.js";
import type { CheckResult, Counterexample } from "../report/model.js";
import { combinedStatus } from "../report/status-rank.js";
import type { Exchange } from "../transport/exchange.js";
import { type RedactedExchange, redactExchange } from "../transport/redact-exchange.js";
import type { Outcome } from "./suite.js";

/** Counterexamples kept per row; more add nothing to a report but size. */
const MAX_COUNTEREXAMPLES = 3;

/** Response body characters kept in a counterexample (the report's own bound cuts again at 2,000). */
const BODY_SHOWN = 2000;

/** The judged response as a counterexample shows it: headers and a body capped at BODY_SHOWN (`isCut`). */
function responseOf(
  response: NonNullable<RedactedExchange["response"]>,
  isCut: boolean,
): NonNullable<Counterexample["response"]> {
  return { headers: response.headers, body: response.bodyText, ...(isCut ? { bodyTruncated: true } : {}) };
}

/** The texts of a failure, redacted. */
function redactFailure(failure: CheckFailure, redactor: Redactor): CheckFailure {
  const text = (t: string | undefined) => (t === undefined ? undefined : redactor.text(t));
  return {
    ...failure,
    title: redactor.text(failure.title),
    ...(failure.pointer !== undefined ? { pointer: text(failure.pointer) } : {}),
    ...(failure.expected !== undefined ? { expected: text(failure.expected) } : {}),
    ...(failure.received !== undefined ? { received: text(failure.received) } : {}),
  };
}

/** Turns a failure on an exchange into a reproducible counterexample (key shown as `<redacted>`). */
function counterexampleOf(
  raw: Exchange,
  redactor: Redactor,
  found?: CheckFailure,
  note?: string,
): Counterexample {
  const exchange = redactExchange(raw, redactor, { maxBodyChars: BODY_SHOWN });
  const failure = found && redactFailure(found, redactor);
  const request = curlRequestOf(exchange.request);
  const received =
    failure?.received ??
    (exchange.transportError
      ? `${exchange.transportError.code}: ${exchange.transportError.message}`
      : undefined);
  return {
    title: failure?.title ?? (note === undefined ? "unexpected outcome" : redactor.text(note)),
    ...(failure?.pointer !== undefined ? { pointer: failure.pointer } : {}),
    ...(failure?.expected !== undefined ? { expected: failure.expected } : {}),
    ...(received !== undefined ? { received } : {}),
    request,
    ...(exchange.response
      ? {
          status: exchange.response.status,
          response: responseOf(exchange.response, (raw.response?.bodyText.length ?? 0) > BODY_SHOWN),
        }
      : {}),
    curl: toCurl(request),
  };
}

/**
 * A pass judged on an exchange that got no response (a reset, a timeout) saw nothing to judge: it is
 * inconclusive, so that a row whose every exchange failed on the wire is never listed as passed.
 */
function withoutUnseenPass(outcome: Outcome): Outcome {
  const exchange = outcome.exchange;
  if (outcome.status !== "pass" || !exchange || exchange.response) return outcome;
  const why = exchange.transportError
    ? `${exchange.transportError.code}: ${exchange.transportError.message}`
    : "no response";
  return { ...outcome, status: "inconclusive", message: `no response to judge (${why})` };
}

/** Collects outcomes of one run. */
export class ResultCollector {
  readonly #rows = new Map<string, CheckResult>();
  /** Outcomes added as `fail`, and as `warn` (a failure under `--strict`): what `--max-failures` counts. */
  readonly failed = { fail: 0, warn: 0 };

  /** `redactor`: the run's, holding every key it sends. */
  constructor(readonly redactor: Redactor) {}

  /** Adds one outcome of `suite`, redacted; returns it as counted (a pass on no response is inconclusive). */
  add(suite: string, recorded: Outcome): Outcome {
    const outcome = withoutUnseenPass(recorded);
    const { id, sentence, section } = outcome.verdict;
    const key = `${suite}\u0000${id}\u0000${outcome.operation ?? ""}`;
    let row = this.#rows.get(key);
    if (!row) {
      row = {
        id,
        suite,
        ...(outcome.operation ? { operation: outcome.operation } : {}),
        status: outcome.status,
        sentence,
        section,
        exchanges: 0,
        counterexamples: [],
      };
      this.#rows.set(key, row);
    }
    row.status = combinedStatus(row.status, outcome.status);
    if (outcome.exchange) row.exchanges = (row.exchanges ?? 0) + 1;
    if (outcome.message && (outcome.status === row.status || !row.message))
      row.message = this.redactor.text(outcome.message);
    if (outcome.status !== "fail" && outcome.status !== "warn") return outcome;
    this.failed[outcome.status]++;
    if (outcome.exchange) row.failedExchanges = (row.failedExchanges ?? 0) + 1;
    const failures = outcome.failures?.length ? outcome.failures : [undefined];
    for (const failure of failures) {
      if (row.counterexamples.length >= MAX_COUNTEREXAMPLES && outcome.shrinks === undefined) break;
      const example: Counterexample = outcome.exchange
        ? counterexampleOf(outcome.exchange, this.redactor, failure, outcome.message)
        : { title: this.redactor.text(failure?.title ?? outcome.message ?? "failed") };
      if (outcome.shrinks !== undefined) {
        // A shrunk counterexample is the one to show first.
        example.shrinks = outcome.shrinks;
        row.counterexamples.unshift(example);
        row.counterexamples.length = Math.min(row.counterexamples.length, MAX_COUNTEREXAMPLES);
        continue;
      }
      row.counterexamples.push(example);
    }
    return outcome;
  }

  /** The rows, in the order first recorded. */
  results(): CheckResult[] {
    return [...this.#rows.values()];
  }
}
