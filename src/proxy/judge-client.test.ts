import { describe, expect, it } from "vitest";
import type { OperationId } from "../transport/exchange.js";
import { ClientJudge, MAX_KEYS } from "./judge-client.js";
import { WINDOW } from "./key-window.js";
import type { Proxied } from "./proxied.js";

/** A call of key `k` (hash `key`), started at `startedAt` ms and answered `took` ms later. */
function call(
  n: number,
  startedAt: number,
  status: number,
  init: { took?: number; key?: string; url?: string; body?: string; retryAfter?: string } = {},
): Proxied {
  const took = init.took ?? 2;
  return {
    n,
    keyHash: init.key ?? "k:00000001",
    method: init.body === undefined ? "GET" : "POST",
    url: init.url ?? "/v1/me",
    headers: { authorization: "Bearer <redacted>" },
    body: init.body ?? "",
    keyInQuery: [],
    startedAt,
    endedAt: startedAt + took,
    status,
    responseHeaders: status === 429 ? { "retry-after": init.retryAfter ?? "1" } : {},
    responseBody: Buffer.alloc(0),
  };
}

const op = (p: Proxied): OperationId => (p.url.includes("batch") ? "entity-batch" : "me");

/** Judges calls in the order they ended (as the proxy does); the findings as `n rule`. */
function judgeAll(judge: ClientJudge, calls: Proxied[]): string[] {
  const ended = [...calls].sort((a, b) => a.endedAt - b.endedAt);
  return ended.flatMap((p) => judge.judge(p, op(p)).map((v) => `${v.exchange.n} ${v.rule.id}`));
}

describe("the proxy's client judge", () => {
  it("reports a client hammering through a 429 once per call, with work per call that does not grow", () => {
    const perCall: number[] = [];
    for (const calls of [1_000, 10_000]) {
      const judge = new ClientJudge();
      // A call every 0.2 ms (5,000 a second, on several connections), each answered 429 (Retry-After: 1 s) in 2 ms.
      const traffic = Array.from({ length: calls }, (_, i) => call(i + 1, i * 0.2, 429, { took: 2 }));
      const found = judgeAll(judge, traffic);
      // Every call after the first answer started within its Retry-After: one finding each, never one per
      // earlier 429 (which made 110,000 lines of 24,000 calls).
      expect(found.every((f) => f.endsWith(" client.wait_retry_after"))).toBe(true);
      expect(new Set(found).size).toBe(found.length);
      expect(found.length).toBe(traffic.filter((c) => c.startedAt >= traffic[0].endedAt - 1).length);
      expect(found.length).toBeGreaterThan(calls - 10);
      perCall.push(judge.comparisons / calls);
    }
    // The work per call does not grow with the calls: about the number in flight at once (10 here, whose 429s
    // ended after it started), never the key's whole history.
    expect(perCall[1]).toBeLessThan(perCall[0] + 0.1);
    expect(perCall[1]).toBeLessThan(10);
  });

  it("passes a client that waits Retry-After, and finds the one that waits too little of a longer, older one", () => {
    const polite = new ClientJudge();
    const calls = [call(1, 0, 429, { retryAfter: "1" }), call(2, 1100, 200), call(3, 1200, 200)];
    expect(judgeAll(polite, calls)).toEqual([]);
    const early = new ClientJudge();
    // The newest 429 asks for 1 s and was waited; the older one asked for 10 s, which was not.
    const traffic = [
      call(1, 0, 429, { retryAfter: "10" }),
      call(2, 1000, 429, { retryAfter: "1" }),
      call(3, 2500, 200),
    ];
    expect(judgeAll(early, traffic)).toEqual(["2 client.wait_retry_after", "3 client.wait_retry_after"]);
  });

  it("reports each batch call sent while another was in flight once, however many it overlapped", () => {
    const body = '{"ids":["a"]}';
    const url = "/v1/entities/batch";
    const judge = new ClientJudge();
    // Three batches at once, then one alone.
    const traffic = [
      call(1, 0, 200, { url, body, took: 50 }),
      call(2, 5, 200, { url, body, took: 50 }),
      call(3, 10, 200, { url, body, took: 50 }),
      call(4, 200, 200, { url, body, took: 5 }),
    ];
    expect(judgeAll(judge, traffic).sort()).toEqual([
      "2 client.sequential_calls",
      "3 client.sequential_calls",
    ]);
  });

  it("reports a 400 resent unchanged once per resend", () => {
    const url = "/v1/entities/batch";
    const body = `{"ids":[${Array.from({ length: 101 }, (_, i) => `"${i}"`).join(",")}]}`;
    const judge = new ClientJudge();
    const traffic = [1, 2, 3].map((n) => call(n, n * 10, 400, { url, body }));
    const resends = judgeAll(judge, traffic).filter((f) => f.endsWith("no_resend_400"));
    expect(resends).toEqual(["2 client.no_resend_400", "3 client.no_resend_400"]);
  });

  it("judges a request body nested 200,000 deep as no contract body, without overflowing", () => {
    const deep = `{"ids":${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    const judge = new ClientJudge();
    const traffic = [1, 2].map((n) => call(n, n * 10, 400, { url: "/v1/entities/batch", body: deep }));
    const found = judgeAll(judge, traffic);
    expect(found).toContain("1 client.body_contract_properties");
    expect(found).toContain("2 client.no_resend_400");
  });

  it("remembers at most MAX_KEYS keys and WINDOW calls of each kind", () => {
    const judge = new ClientJudge();
    for (let i = 0; i <= MAX_KEYS; i++) judge.judge(call(i + 1, i, 429, { key: `k:${i}` }), "me");
    expect(judge.keys).toBe(MAX_KEYS);
    // A polite client's 429s are each compared with at most WINDOW remembered ones.
    const one = new ClientJudge();
    const slow = Array.from({ length: 3 * WINDOW }, (_, i) =>
      call(i + 1, i * 2000, 429, { retryAfter: "1" }),
    );
    expect(judgeAll(one, slow)).toEqual([]);
    expect(one.comparisons).toBeLessThanOrEqual(slow.length * WINDOW);
  });
});
