/**
 * Shared judging helpers of the suites: a suite's own rule (id, contract sentence) checked on one
 * exchange, recorded as pass or fail, after the check catalogue has judged the same exchange.
 */
import type { CheckFailure } from "../../checks/check.js";
import { validateAs } from "../../contract/registry.js";
import type { Exchange } from "../../transport/exchange.js";
import { judgeAndRecord } from "../judge-record.js";
import type { SuiteContext } from "../suite.js";

/** A suite's own rule: a stable id and the contract sentence it enforces. */
export interface Rule {
  id: string;
  section: string;
  sentence: string;
}

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

/** Records one rule's outcome on an exchange and returns whether it passed. */
export function recordRule(
  ctx: SuiteContext,
  rule: Rule,
  exchange: Exchange,
  problems: Omit<CheckFailure, "checkId" | "severity">[],
  extra: { operation?: string; shrinks?: number } = {},
): boolean {
  const failures: CheckFailure[] = problems.map((p) => ({ checkId: rule.id, severity: "error", ...p }));
  ctx.record({
    ...rule,
    operation: extra.operation ?? exchange.operation,
    status: failures.length > 0 ? "fail" : "pass",
    failures,
    exchange,
    ...(extra.shrinks !== undefined ? { shrinks: extra.shrinks } : {}),
  });
  return failures.length === 0;
}

/** The problems of an error response against an expectation (status, code, headers, error body). */
export function errorProblems(
  exchange: Exchange,
  want: ErrorExpectation,
): Omit<CheckFailure, "checkId" | "severity">[] {
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
  const problems: Omit<CheckFailure, "checkId" | "severity">[] = [];
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

/** Judges an exchange with the catalogue, then records `rule` against an error expectation. */
export function expectError(
  ctx: SuiteContext,
  rule: Rule,
  exchange: Exchange,
  want: ErrorExpectation,
): boolean {
  judgeAndRecord(ctx, exchange);
  return recordRule(ctx, rule, exchange, errorProblems(exchange, want));
}

/** Judges an exchange with the catalogue, then records `rule`: the status must be one of `statuses`. */
export function expectStatus(ctx: SuiteContext, rule: Rule, exchange: Exchange, statuses: number[]): boolean {
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
  return recordRule(ctx, rule, exchange, problems);
}
