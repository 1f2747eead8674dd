/**
 * Shared judging helpers of the suites: a suite's own verdict (src/verdicts) judged on one exchange,
 * recorded as pass or fail, after the check catalogue has judged the same exchange.
 */
import type { CheckFailure, Problem } from "../../checks/check.js";
import { failure } from "../../checks/support/failure.js";
import { validateAs } from "../../contract/registry.js";
import type { Exchange } from "../../transport/exchange.js";
import type { Verdict } from "../../vocabulary/verdict.js";
import { judgeAndRecord } from "../judge-record.js";
import type { Outcome, SuiteContext } from "../suite.js";

/** What an error response must look like. */
export interface ErrorExpectation {
  /** Allowed statuses. */
  status: number | number[];
  /** Allowed `error.code` values (any code when absent). */
  code?: string | string[];
  /** Headers that must be present (lower-case). */
  headers?: string[];
  /** Fields of `error` that must be present. */
  fields?: string[];
}

const list = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

/** The outcome of `verdict` judged on `exchange`: a failure per problem (an error unless it says), or a pass. */
export function outcomeOf(verdict: Verdict, exchange: Exchange, problems: Problem[]): Outcome {
  return problems.length > 0
    ? { verdict, status: "fail", exchange, failures: problems.map((p) => failure(verdict, p)) }
    : { verdict, status: "pass", exchange };
}

/** Records one verdict's outcome on an exchange (every problem an error) and returns whether it passed. */
export function recordVerdict(
  ctx: SuiteContext,
  verdict: Verdict,
  exchange: Exchange,
  problems: Problem[],
  extra: { operation?: string; shrinks?: number } = {},
): boolean {
  const failures: CheckFailure[] = problems.map((p) => ({ ...p, checkId: verdict.id, severity: "error" }));
  ctx.record({
    verdict,
    operation: extra.operation ?? exchange.operation,
    status: failures.length > 0 ? "fail" : "pass",
    failures,
    exchange,
    ...(extra.shrinks !== undefined ? { shrinks: extra.shrinks } : {}),
  });
  return failures.length === 0;
}

/** The problems of an error response against an expectation (status, code, headers, error body). */
function errorProblems(exchange: Exchange, want: ErrorExpectation): Problem[] {
  const res = exchange.response;
  const statuses = list(want.status);
  if (!res) {
    const t = exchange.transportError;
    return [
      {
        title: "no response",
        expected: `status ${statuses.join(" or ")}`,
        received: `${t?.code}: ${t?.message}`,
      },
    ];
  }
  if (!statuses.includes(res.status)) {
    return [
      {
        title: `status ${res.status}`,
        expected: `status ${statuses.join(" or ")}`,
        received: String(res.status),
      },
    ];
  }
  const problems: Problem[] = [];
  for (const header of want.headers ?? []) {
    if (!res.headers[header])
      problems.push({
        title: `header ${header} is missing`,
        pointer: `/headers/${header}`,
        expected: "present",
        received: "absent",
      });
  }
  if (res.json === undefined) {
    problems.push({
      title: "error body is not JSON",
      expected: "the error body of the contract",
      received: res.bodyError ?? "no body",
    });
    return problems;
  }
  for (const v of validateAs("error", res.json).slice(0, 3)) {
    problems.push({
      title: `error body: ${v.message}`,
      pointer: v.pointer,
      expected: "the error body of the contract",
      received: v.keyword,
    });
  }
  const error = (res.json as { error?: Record<string, unknown> }).error;
  const code = error?.code;
  if (want.code && !list(want.code).includes(code as string)) {
    problems.push({
      title: `error.code is ${JSON.stringify(code)}`,
      pointer: "/error/code",
      expected: list(want.code).join(" or "),
      received: JSON.stringify(code),
    });
  }
  for (const field of want.fields ?? []) {
    if (error?.[field] === undefined)
      problems.push({
        title: `error.${field} is missing`,
        pointer: `/error/${field}`,
        expected: "present",
        received: "absent",
      });
  }
  return problems;
}

/** Judges an exchange with the catalogue, then records `verdict` against an error expectation. */
export function expectError(
  ctx: SuiteContext,
  verdict: Verdict,
  exchange: Exchange,
  want: ErrorExpectation,
): boolean {
  judgeAndRecord(ctx, exchange);
  return recordVerdict(ctx, verdict, exchange, errorProblems(exchange, want));
}

/** Judges an exchange with the catalogue, then records `verdict`: the status must be one of `statuses`. */
export function expectStatus(
  ctx: SuiteContext,
  verdict: Verdict,
  exchange: Exchange,
  statuses: number[],
): boolean {
  judgeAndRecord(ctx, exchange);
  const status = exchange.response?.status;
  const problems =
    status !== undefined && statuses.includes(status)
      ? []
      : [
          {
            title: status === undefined ? "no response" : `status ${status}`,
            expected: `status ${statuses.join(" or ")}`,
            received: status === undefined ? exchange.transportError?.code : String(status),
          },
        ];
  return recordVerdict(ctx, verdict, exchange, problems);
}
