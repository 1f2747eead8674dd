/**
 * Judges one exchange with the check catalogue and records a row per applicable check (pass, warn or
 * fail), plus the runner's own transport-level check when no complete response came.
 */
import { CATALOGUE } from "../checks/catalogue.js";
import type { CheckFailure } from "../checks/check.js";
import { JudgingUnfinished } from "../checks/judge-thread/judge-thread.js";
import { failuresByCheck, type Judgement } from "../checks/run-checks.js";
import type { Exchange } from "../transport/exchange.js";
import { RUNNER } from "../verdicts/runner.js";
import type { SuiteContext } from "./suite.js";

/** Options of `judgeAndRecord`. */
export interface JudgeOptions {
  /** Only these check ids (default: the whole catalogue). */
  ids?: string[];
  /** Record only failures and warnings (used for 429s waited out mid-suite). */
  onlyFailures?: boolean;
  /** Shrink count to attach to failures. */
  shrinks?: number;
}

/** Transport-level failures of an exchange (no complete response), as failures of the runner's own check. */
export function transportFailures(exchange: Exchange): CheckFailure[] {
  if (exchange.transportError) {
    const { code, message } = exchange.transportError;
    return [
      {
        checkId: RUNNER.responseReceived.id,
        severity: "error",
        title: `no complete response: ${code}`,
        expected: "a complete HTTP response with a JSON body",
        received: `${code}: ${message}`,
      },
    ];
  }
  return [];
}

function statusOf(failures: CheckFailure[]): "pass" | "warn" | "fail" {
  if (failures.some((f) => f.severity === "error")) return "fail";
  return failures.length > 0 ? "warn" : "pass";
}

/** Runs the catalogue on an exchange, records one outcome per applicable check, and returns all failures. */
export function judgeAndRecord(
  ctx: SuiteContext,
  exchange: Exchange,
  opts: JudgeOptions = {},
): CheckFailure[] {
  const operation = exchange.operation;
  const own = transportFailures(exchange);
  if (own.length > 0 || !opts.onlyFailures) {
    ctx.record({
      verdict: RUNNER.responseReceived,
      operation,
      status: statusOf(own),
      failures: own,
      exchange,
      ...shrinks(opts),
    });
  }
  if (!exchange.response || exchange.transportError) return own;
  let judgement: Judgement;
  try {
    judgement = ctx.judge(exchange, opts.ids);
  } catch (err) {
    if (err instanceof JudgingUnfinished) {
      // Never a pass: the run is incomplete (exit 2) unless --allow-inconclusive.
      const message = `judging did not finish: ${err.message}`;
      ctx.record({ verdict: RUNNER.judgingUnfinished, operation, status: "inconclusive", message, exchange });
      return own;
    }
    const message = `a check crashed: ${err instanceof Error ? err.message : String(err)}`;
    ctx.record({ verdict: RUNNER.checkCrashed, status: "inconclusive", message, exchange });
    return own;
  }
  // Failures grouped by check once, rather than one filter per catalogue entry.
  const byId = failuresByCheck(judgement.failures);
  const wanted = opts.ids ? new Set(opts.ids) : undefined;
  const applicable = new Set(judgement.applicable);
  for (const check of CATALOGUE) {
    if (wanted && !wanted.has(check.id)) continue;
    const mine = byId.get(check.id) ?? [];
    if (mine.length === 0 && (opts.onlyFailures || !applicable.has(check.id))) continue;
    ctx.record({
      verdict: check,
      operation,
      status: statusOf(mine),
      failures: mine,
      exchange,
      ...shrinks(opts),
    });
  }
  return [...own, ...judgement.failures];
}

function shrinks(opts: JudgeOptions): { shrinks?: number } {
  return opts.shrinks !== undefined ? { shrinks: opts.shrinks } : {};
}
