import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { JudgeSession } from "./judge-session.js";
import type { RawExchange } from "./raw-exchange.js";

const BASE = "http://target.test/v1";
const ID_A = "25c62de2-a0d1-4392-a41d-1b5fe31719ec";
const ID_B = "598e4780-e0df-4b89-975f-7d1ff057e533";

/** A 200 for one entity whose body breaks the contract (unknown shape), with the given request_id. */
function exchange(n: number, requestId: string, contract = "cb/v1"): RawExchange {
  const body = `{"contract":"${contract}","request_id":"${requestId}","data":{"bogus":1}}`;
  return {
    n,
    method: "GET",
    url: "/v1/entities/org_1",
    rawHeaders: ["Authorization", "Bearer k"],
    startedAt: n * 10,
    endedAt: n * 10 + 5,
    status: 200,
    responseHeaders: ["Content-Type", "application/json"],
    responseBody: new TextEncoder().encode(body),
  };
}

const serverVerdict = (s: JudgeSession, raw: RawExchange) =>
  s
    .judge(raw)
    .findings.filter((f) => f.side === "server")
    .map(({ exchange: _e, ...rest }) => rest);

describe("judge session memo", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  /** A real answer of the reference server for one entity, as the forwarder would keep it. */
  async function realExchange(n: number): Promise<RawExchange> {
    const path = `/v1/entities/${encodeURIComponent(server.fixtures.org_ids[0])}`;
    const rawHeaders = ["Authorization", `Bearer ${server.keys.plus}`];
    const res = await fetch(new URL(path, server.url), {
      headers: { authorization: rawHeaders[1], "accept-encoding": "identity" },
    });
    const responseHeaders: string[] = [];
    for (const [name, value] of res.headers) if (name !== "date") responseHeaders.push(name, value);
    const responseBody = new Uint8Array(await res.arrayBuffer());
    return {
      n,
      method: "GET",
      url: path,
      rawHeaders,
      startedAt: n * 10,
      endedAt: n * 10 + 5,
      status: res.status,
      responseHeaders,
      responseBody,
    };
  }

  it("reuses a clean verdict for a response equal up to its request_id: the verdict a full judgement gives", async () => {
    const first = await realExchange(1);
    const second = await realExchange(2);
    expect(Buffer.from(first.responseBody!).equals(Buffer.from(second.responseBody!))).toBe(false);
    const memoised = new JudgeSession(server.url);
    expect(serverVerdict(memoised, first)).toEqual([]);
    const reused = serverVerdict(memoised, second);
    expect(memoised.memoHits).toBe(1);
    expect(reused).toEqual(serverVerdict(new JudgeSession(server.url), second));
  });

  it("judges in full a response with findings, or with a malformed request_id: exactly as a fresh session", () => {
    for (const contract of ["cb/v1", "cb/v1é"]) {
      const session = new JudgeSession(BASE);
      const first = serverVerdict(session, exchange(1, ID_A, contract));
      const again = serverVerdict(session, exchange(2, ID_B, contract));
      expect(session.memoHits).toBe(0);
      expect(first.length).toBeGreaterThan(0);
      expect(again).toEqual(serverVerdict(new JudgeSession(BASE), exchange(2, ID_B, contract)));
      expect(JSON.stringify(again)).not.toContain(ID_A);
    }
    const session = new JudgeSession(BASE);
    serverVerdict(session, exchange(1, ID_A));
    const bad = serverVerdict(session, exchange(2, "17"));
    expect(session.memoHits).toBe(0);
    expect(bad).toEqual(serverVerdict(new JudgeSession(BASE), exchange(2, "17")));
  });
});
