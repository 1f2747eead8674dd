/**
 * Suite `batch-limits` for `cbcheck run`: the batch bounds hold under concurrency (Limits: "Ids per batch
 * call | 1 to 100"; Endpoints: "Request bodies above the operation limit give 413"): concurrent 100-id
 * batches are accepted, 101 ids are refused with 400 `invalid_arguments`, oversize bodies with 413, and
 * nothing answers 5xx. Runs only for loopback targets or with `--allow-load` (it sends in parallel).
 */
import type { CheckFailure } from "../../checks/check.js";
import type { Exchange } from "../../transport/exchange.js";
import { BATCH, LIMITS } from "../../verdicts/limits.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import { judgeAndRecord } from "../judge-record.js";
import type { Suite, SuiteContext } from "../suite.js";

/** The suite's verdicts, by the kind of probe that judges them (the id counts are the `limits` suite's too). */
export const BATCH_VERDICTS = {
  accepted: LIMITS.batch100Accepted,
  refused: LIMITS.batch101Refused,
  oversize: BATCH.oversizeRefused,
  no5xx: BATCH.no5xx,
} as const;

/** Body size of the oversize probes: the contract does not show the limit; 2 MiB is above any sensible one. */
const OVERSIZE_BYTES = 2 * 1024 * 1024;
const CONCURRENCY = 6;

/** `n` distinct organisation ids: the target's own first, then generated (reported missing, still valid). */
function ids(fixtures: SuiteContext["fixtures"], n: number, salt: number): string[] {
  const out = new Set(fixtures.org_ids.slice(0, n));
  for (let k = 0; out.size < n; k++) out.add(`cb:org:${String(700_000_000 + salt * 1000 + k)}`);
  return [...out];
}

const batch = (body: Record<string, unknown>): PlannedRequest => ({
  operation: "entity-batch",
  method: "POST",
  path: "/entities/batch",
  body: { json: body },
});

function cases(
  ctx: Pick<SuiteContext, "fixtures">,
): { kind: keyof typeof BATCH_VERDICTS; request: PlannedRequest }[] {
  const padded = JSON.stringify({ ids: ids(ctx.fixtures, 1, 9) });
  const oversize: PlannedRequest = {
    ...batch({}),
    body: { raw: padded + " ".repeat(OVERSIZE_BYTES - padded.length), contentType: "application/json" },
  };
  const out: { kind: keyof typeof BATCH_VERDICTS; request: PlannedRequest }[] = [];
  for (let i = 0; i < 4; i++) {
    out.push({ kind: "accepted", request: batch({ ids: ids(ctx.fixtures, 100, i) }) });
    out.push({ kind: "accepted", request: batch({ ids: ids(ctx.fixtures, 100, i + 4) }) });
    out.push({ kind: "refused", request: batch({ ids: ids(ctx.fixtures, 101, i) }) });
    if (i % 2 === 0) out.push({ kind: "oversize", request: oversize });
  }
  return out;
}

function expectedFailure(ex: Exchange, kind: keyof typeof BATCH_VERDICTS): CheckFailure | undefined {
  const status = ex.response?.status;
  const code = (ex.response?.json as { error?: { code?: unknown } } | undefined)?.error?.code;
  const id = BATCH_VERDICTS[kind].id;
  if (kind === "accepted" && status !== 200) {
    return {
      checkId: id,
      severity: "error",
      title: `100-id batch answered ${status}`,
      expected: "200",
      received: String(status),
    };
  }
  if (kind === "refused" && (status !== 400 || code !== "invalid_arguments")) {
    const received = `${status} ${typeof code === "string" ? code : "(no code)"}`;
    return {
      checkId: id,
      severity: "error",
      title: `101-id batch answered ${received}`,
      expected: "400 invalid_arguments",
      received,
    };
  }
  if (kind === "oversize" && status !== 413) {
    return {
      checkId: id,
      severity: "error",
      title: `oversize body answered ${status}`,
      expected: "413",
      received: String(status),
    };
  }
  return undefined;
}

/** The `batch-limits` suite. */
export const batchLimitsSuite: Suite = {
  name: "batch-limits",
  description:
    "100-id batches accepted, 101 refused (400), oversize bodies refused (413), no 5xx — all under concurrency",
  plan: ({ fixtures, options }) => {
    const calls = options.allowLoad ? cases({ fixtures }).length : 0;
    // Batches answered 429 are sent again after the wait (sendConcurrent): once each is in the budget.
    return { calls, reserve: calls, credits: 0 };
  },
  async run(ctx: SuiteContext): Promise<void> {
    if (!ctx.options.allowLoad) {
      for (const verdict of Object.values(BATCH_VERDICTS)) {
        ctx.record({
          verdict,
          status: "skip",
          message: "sends in parallel: needs a loopback target or --allow-load",
        });
      }
      return;
    }
    if (!ctx.inShard("concurrent-batches")) return;
    const probes = cases(ctx);
    ctx.progress(`${probes.length} batches, ${CONCURRENCY} at a time`);
    const { exchanges, maxInFlight } = await ctx.sendConcurrent(
      probes.map((c) => c.request),
      CONCURRENCY,
    );
    // No 5xx proves something about concurrency only when the batches were in flight together (issue 22 §1).
    const isConcurrent = maxInFlight >= Math.min(CONCURRENCY, probes.length);
    exchanges.forEach((ex, i) => {
      const kind = probes[i].kind;
      // A server may close the connection after answering 413 (before reading the whole body); the
      // client then sees a reset instead of the status: that probe proves nothing either way.
      if (!ex.response) {
        const message = `no response (${ex.transportError?.code ?? "unknown"}); the server may have closed early`;
        if (kind === "oversize")
          ctx.record({ verdict: BATCH_VERDICTS.oversize, status: "inconclusive", message, exchange: ex });
        else judgeAndRecord(ctx, ex);
        return;
      }
      const failure = expectedFailure(ex, kind);
      ctx.record({
        verdict: BATCH_VERDICTS[kind],
        operation: "entity-batch",
        status: failure ? "fail" : "pass",
        failures: failure ? [failure] : [],
        exchange: ex,
      });
      const five = ex.response.status >= 500;
      ctx.record({
        verdict: BATCH_VERDICTS.no5xx,
        operation: "entity-batch",
        status: five ? "fail" : isConcurrent ? "pass" : "inconclusive",
        ...(five || isConcurrent
          ? {}
          : { message: `at most ${maxInFlight} of ${CONCURRENCY} batches were in flight at once` }),
        failures: five
          ? [
              {
                checkId: BATCH_VERDICTS.no5xx.id,
                severity: "error",
                title: `${ex.response.status} under concurrent batches`,
                expected: "no 5xx",
                received: String(ex.response.status),
              },
            ]
          : [],
        exchange: ex,
      });
      if (kind !== "oversize") judgeAndRecord(ctx, ex);
    });
  },
};
