/**
 * Suite `batch-limits` for `cbcheck run`: the batch bounds hold under concurrency (Limits: "Ids per batch
 * call | 1 to 100"; Endpoints: "Request bodies above the operation limit give 413"): concurrent 100-id
 * batches are accepted, 101 ids are refused with 400 `invalid_arguments`, oversize bodies with 413, and
 * nothing answers 5xx. Runs only for loopback targets or with `--allow-load` (it sends in parallel).
 */
import type { CheckFailure } from "../checks/check.js";
import { judgeAndRecord } from "../runner/judge-record.js";
import type { PlannedRequest, Suite, SuiteContext } from "../runner/suite.js";
import type { Exchange } from "../transport/exchange.js";

/** Rules of the suite (ids shared with the `batch-limits` load profile where they mean the same). */
export const BATCH_RULES = {
  accepted: {
    id: "batch.100_ids_accepted_under_concurrency",
    section: "Limits",
    sentence: "Ids per batch call | 1 to 100 | POST /entities/batch (also when several batches run at once)",
  },
  refused: {
    id: "batch.101_ids_refused_under_concurrency",
    section: "Errors",
    sentence:
      "400 | Invalid bounded arguments or query (too many ids, unknown extension, wrong format) | invalid_arguments",
  },
  oversize: {
    id: "batch.oversize_body_refused",
    section: "Endpoints / POST /entities/batch",
    sentence: "Request bodies above the operation limit give 413.",
  },
  no5xx: {
    id: "batch.no_5xx_under_concurrency",
    section: "Endpoints / POST /entities/batch",
    sentence:
      "Errors: 400, 401, 402, 403, 404, 405, 409, 413, 429, 503 — concurrent batches at the bounds get no 5xx",
  },
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

function plan(ctx: SuiteContext): { kind: keyof typeof BATCH_RULES; request: PlannedRequest }[] {
  const padded = JSON.stringify({ ids: ids(ctx.fixtures, 1, 9) });
  const oversize: PlannedRequest = {
    ...batch({}),
    body: { raw: padded + " ".repeat(OVERSIZE_BYTES - padded.length), contentType: "application/json" },
  };
  const out: { kind: keyof typeof BATCH_RULES; request: PlannedRequest }[] = [];
  for (let i = 0; i < 4; i++) {
    out.push({ kind: "accepted", request: batch({ ids: ids(ctx.fixtures, 100, i) }) });
    out.push({ kind: "accepted", request: batch({ ids: ids(ctx.fixtures, 100, i + 4) }) });
    out.push({ kind: "refused", request: batch({ ids: ids(ctx.fixtures, 101, i) }) });
    if (i % 2 === 0) out.push({ kind: "oversize", request: oversize });
  }
  return out;
}

function expectedFailure(ex: Exchange, kind: keyof typeof BATCH_RULES): CheckFailure | undefined {
  const status = ex.response?.status;
  const code = (ex.response?.json as { error?: { code?: unknown } } | undefined)?.error?.code;
  const id = BATCH_RULES[kind].id;
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
  async run(ctx: SuiteContext): Promise<void> {
    if (!ctx.options.allowLoad) {
      for (const rule of Object.values(BATCH_RULES)) {
        ctx.record({
          ...rule,
          status: "skip",
          message: "sends in parallel: needs a loopback target or --allow-load",
        });
      }
      return;
    }
    if (!ctx.inShard("concurrent-batches")) return;
    const cases = plan(ctx);
    ctx.progress(`${cases.length} batches, ${CONCURRENCY} at a time`);
    const exchanges = await ctx.sendConcurrent(
      cases.map((c) => c.request),
      CONCURRENCY,
    );
    exchanges.forEach((ex, i) => {
      const kind = cases[i].kind;
      // A server may close the connection after answering 413 (before reading the whole body); the
      // client then sees a reset instead of the status: that probe proves nothing either way.
      if (!ex.response) {
        const message = `no response (${ex.transportError?.code ?? "unknown"}); the server may have closed early`;
        if (kind === "oversize")
          ctx.record({ ...BATCH_RULES.oversize, status: "inconclusive", message, exchange: ex });
        else judgeAndRecord(ctx, ex);
        return;
      }
      const failure = expectedFailure(ex, kind);
      ctx.record({
        ...BATCH_RULES[kind],
        operation: "entity-batch",
        status: failure ? "fail" : "pass",
        failures: failure ? [failure] : [],
        exchange: ex,
      });
      const five = ex.response.status >= 500;
      ctx.record({
        ...BATCH_RULES.no5xx,
        operation: "entity-batch",
        status: five ? "fail" : "pass",
        failures: five
          ? [
              {
                checkId: BATCH_RULES.no5xx.id,
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
