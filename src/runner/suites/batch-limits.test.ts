import { afterEach, describe, expect, it } from "vitest";
import { judgeExchange } from "../../checks/run-checks.js";
import type { ResultStatus } from "../../report/model.js";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";
import type { Exchange } from "../../transport/exchange.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import type { Outcome, SuiteContext } from "../suite.js";
import { BATCH_VERDICTS, batchLimitsSuite } from "./batch-limits.js";

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Sends one planned request with fetch and records it as an Exchange (a real server, no mocks). */
async function send(s: RunningServer, r: PlannedRequest): Promise<Exchange> {
  const headers: Record<string, string> = { authorization: `Bearer ${s.keys.plus}` };
  let body: string | undefined;
  if (r.body && "json" in r.body) body = JSON.stringify(r.body.json);
  else if (r.body) body = String(r.body.raw);
  if (body !== undefined) headers["content-type"] = "application/json";
  const request = {
    method: r.method,
    baseUrl: s.url,
    path: r.path,
    query: r.query ?? {},
    headers: { authorization: "Bearer <redacted>" },
    body,
  };
  const started = performance.now();
  try {
    const res = await fetch(s.url + r.path, { method: r.method, headers, body });
    const bodyText = await res.text();
    const h: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      h[k] = v;
    });
    let json: unknown;
    try {
      json = JSON.parse(bodyText);
    } catch {}
    return {
      operation: r.operation,
      request,
      response: { status: res.status, headers: h, bodyText, json, durationMs: performance.now() - started },
    };
  } catch (err) {
    return { operation: r.operation, request, transportError: { code: "CB_RESET", message: String(err) } };
  }
}

/** Runs the suite; `workers` caps the requests in flight (as a starved machine would), default as asked. */
async function runSuite(s: RunningServer, allowLoad = true, workers?: number) {
  const rows: { id: string; status: ResultStatus }[] = [];
  const ctx = {
    target: { baseUrl: s.url, isLoopback: true },
    hasFreeKey: false,
    fixtures: { ...s.fixtures },
    options: {
      seed: 1,
      runs: 1,
      allowCredits: false,
      allowLoad,
      expectRateLimit: { calls: 120, seconds: 60 },
      altIgnore: [],
    },
    send: (r: PlannedRequest) => send(s, r),
    sendConcurrent: async (rs: PlannedRequest[], n: number) => {
      const out: Exchange[] = new Array(rs.length);
      let next = 0;
      let inFlight = 0;
      let maxInFlight = 0;
      const worker = async () => {
        while (next < rs.length) {
          const i = next++;
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          out[i] = await send(s, rs[i]);
          inFlight--;
        }
      };
      await Promise.all(Array.from({ length: workers ?? n }, worker));
      return { exchanges: out, maxInFlight };
    },
    judge: (ex: Exchange, ids?: string[]) => judgeExchange(ex, ids),
    record: (o: Outcome) => rows.push({ id: o.verdict.id, status: o.status }),
    inShard: () => true,
    signal: new AbortController().signal,
    progress: () => {},
  } as unknown as SuiteContext;
  await batchLimitsSuite.run(ctx);
  return rows;
}

const failed = (rows: { id: string; status: ResultStatus }[]) => [
  ...new Set(rows.filter((r) => r.status === "fail").map((r) => r.id)),
];
const big = { rateLimit: 1_000_000, callsPerDay: 1_000_000, recordsPerDay: 1e12 };

describe("batch-limits suite", () => {
  it("passes against the reference server", async () => {
    server = await startServer(big);
    const rows = await runSuite(server);
    expect(failed(rows)).toEqual([]);
    for (const verdict of Object.values(BATCH_VERDICTS)) expect(rows.map((r) => r.id)).toContain(verdict.id);
  });

  it("names 5xx under concurrent 100-id batches", async () => {
    server = await startServer({ ...big, mutation: "batch-100-5xx-under-concurrency" });
    expect(failed(await runSuite(server))).toEqual(
      expect.arrayContaining([BATCH_VERDICTS.no5xx.id, BATCH_VERDICTS.accepted.id]),
    );
  });

  it("with one batch in flight at a time, no 5xx is inconclusive, not a pass (issue 22 §1)", async () => {
    server = await startServer(big);
    const rows = (await runSuite(server, true, 1)).filter((r) => r.id === BATCH_VERDICTS.no5xx.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["inconclusive"]));
  });

  it("names a 101-id batch that is accepted", async () => {
    server = await startServer({ ...big, mutation: "ids-101-accepted" });
    expect(failed(await runSuite(server))).toContain(BATCH_VERDICTS.refused.id);
  });

  it("skips without --allow-load on a remote target", async () => {
    server = await startServer(big);
    const rows = await runSuite(server, false);
    expect(rows.every((r) => r.status === "skip")).toBe(true);
  });
});
