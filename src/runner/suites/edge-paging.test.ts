/**
 * Following a node's edge pages: the reference server's pages reach every relation; a server that refuses the
 * cursor it handed out fails `limits.edge_paging_reaches_all`; a page that gets a 503 (or a 429) leaves that
 * rule inconclusive, never passed, since the paging stopped for a reason other checks judge. A page that says
 * it was cut is followed by more edges (`limits.edge_paging_cut_continues`), a warning when it is not.
 */
import { afterEach, describe, expect, it } from "vitest";
import { judgeExchange } from "../../checks/run-checks.js";
import type { ResultStatus } from "../../report/model.js";
import { startServer } from "../../server/index.js";
import { sendPlanned } from "../../server/test-support/send-planned.js";
import type { RunningServer, ServerOptions } from "../../server/types.js";
import type { Exchange } from "../../transport/exchange.js";
import { LIMITS } from "../../verdicts/limits.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import type { Outcome, SuiteContext } from "../suite.js";
import { followEdgePages } from "./edge-paging.js";

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The rows of `limits.edge_paging_reaches_all` from following the pages; `answer` may replace a paged answer. */
async function reachesAll(
  options: ServerOptions,
  answer?: (ex: Exchange) => Exchange,
  verdictId: string = LIMITS.edgePagingReachesAll.id,
) {
  const s = await startServer({
    rateLimit: 1_000_000,
    callsPerDay: 1_000_000,
    recordsPerDay: 1e12,
    ...options,
  });
  server = s;
  const rows: { status: ResultStatus; message?: string }[] = [];
  const ctx = {
    target: { baseUrl: s.url, isLoopback: true },
    fixtures: { ...s.fixtures },
    send: async (r: PlannedRequest) => {
      const ex = await sendPlanned(s, r);
      return r.query?.cursor !== undefined && answer ? answer(ex) : ex;
    },
    judge: (ex: Exchange, ids?: string[]) => judgeExchange(ex, ids),
    record: (o: Outcome) => {
      if (o.verdict.id === verdictId) rows.push({ status: o.status, message: o.message });
    },
    inShard: () => true,
    signal: new AbortController().signal,
    progress: () => {},
  } as unknown as SuiteContext;
  await followEdgePages(ctx);
  return rows;
}

/** The answer as a target that is unavailable for that call would give it. */
const unavailable = (ex: Exchange): Exchange => ({
  ...ex,
  response: {
    status: 503,
    headers: { "content-type": "application/json" },
    bodyText: '{"error":{"code":"unavailable"}}',
    json: { error: { code: "unavailable" } },
    durationMs: 1,
  },
});

describe("following edge pages", () => {
  it("reaches every relation of the reference server's busiest node", async () => {
    expect((await reachesAll({})).map((r) => r.status)).toEqual(["pass"]);
  });

  it("fails when the server refuses the cursor it handed out", async () => {
    expect((await reachesAll({ mutation: "edges-cursor-refused" })).map((r) => r.status)).toEqual(["fail"]);
  });

  it("is inconclusive, never passed, when a page got a 503", async () => {
    const rows = await reachesAll({}, unavailable);
    expect(rows).toEqual([
      {
        status: "inconclusive",
        message: expect.stringMatching(/^stopped following edge pages of .* at page 2: status 503$/),
      },
    ]);
  });

  it("finds more edges after every page that says it was cut, and warns when a cursor leads past the end", async () => {
    const id = LIMITS.edgePagingCutContinues.id;
    const clean = (await reachesAll({}, undefined, id)).map((r) => r.status);
    expect(clean.length).toBeGreaterThan(0);
    expect(clean.every((status) => status === "pass")).toBe(true);
    const bent = await reachesAll({ mutation: "edges-cursor-past-end" }, undefined, id);
    expect(bent.at(-1)?.status).toBe("warn");
    expect(bent.slice(0, -1).every((r) => r.status === "pass")).toBe(true);
  });
});
