import { createServer } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SYSTEM_CLOCK } from "../clock.js";
import { listenOnLoopback } from "../test-support/loopback-server.js";
import type { Exchange } from "../transport/exchange.js";
import { Transport } from "../transport/send.js";
import { RunStopped } from "./run-stopped.js";
import { SendGuard } from "./send-guard.js";

const LIMITS = { deadlineS: 60, giveUpAfterFailures: 2, giveUpAfter429s: 2 };
const request = (baseUrl: string) => ({ method: "GET", baseUrl, path: "/me", query: {}, headers: {} });
const failed = (baseUrl: string): Exchange => ({
  operation: "me",
  request: request(baseUrl),
  transportError: { code: "CB_TIMEOUT", message: "timed out" },
});
const answered = (baseUrl: string, status: number, headers: Record<string, string> = {}): Exchange => ({
  operation: "me",
  request: request(baseUrl),
  response: { status, headers, bodyText: "{}", json: {}, durationMs: 1 },
});
const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err;
  }
  return undefined;
};

const guards: SendGuard[] = [];
function guard(...args: ConstructorParameters<typeof SendGuard>): SendGuard {
  const g = new SendGuard(...args);
  guards.push(g);
  return g;
}
afterEach(async () => {
  vi.useRealTimers();
  for (const g of guards.splice(0)) await g.close();
});

describe("SendGuard", () => {
  it("gives up on the target that stops answering, not on the other one it alternates with", () => {
    const g = guard(LIMITS);
    // A live base and a dead candidate, one call each in turn: never two failures in a row overall.
    for (const ex of [
      answered("http://base/v1", 200),
      failed("http://cand/v1"),
      answered("http://base/v1", 200),
    ])
      g.note(ex);
    expect(() => g.check()).not.toThrow();
    g.note(failed("http://cand/v1"));
    const stop = thrown(() => g.check());
    expect(stop).toBeInstanceOf(RunStopped);
    expect(stop).toMatchObject({ reason: "target-unresponsive", message: /from http:\/\/cand\/v1/ });
    expect(g.stopped).toBe(stop);
  });

  it("counts 429s toward giving up and refuses a Retry-After past the deadline", () => {
    const g = guard({ ...LIMITS, giveUpAfter429s: 3 });
    expect(g.retryAfterWait(answered("http://t/v1", 429, { "retry-after": "2" }))).toBe(2);
    // A missing or unreadable Retry-After waits the contract's least, one second.
    expect(g.retryAfterWait(answered("http://t/v1", 429, { "retry-after": "soon" }))).toBe(1);
    expect(thrown(() => g.retryAfterWait(answered("http://t/v1", 429)))).toMatchObject({
      reason: "rate-limited",
    });
    const daily = guard(LIMITS);
    expect(
      thrown(() => daily.retryAfterWait(answered("http://t/v1", 429, { "retry-after": "86400" }))),
    ).toMatchObject({
      reason: "deadline",
      message: /a 429 asked to wait 86400 s/,
    });
  });

  it("stops at the deadline: waits end at once and no call may start", async () => {
    vi.useFakeTimers();
    let now = 0;
    const g = guard({ ...LIMITS, deadlineS: 5 }, { clock: { now: () => now, sleep: SYSTEM_CLOCK.sleep } });
    now = 2000;
    expect(g.remainingMs).toBe(3000);
    const waiting = g.wait(60_000).catch((err: unknown) => err);
    vi.advanceTimersByTime(5000);
    expect(await waiting).toMatchObject({ reason: "deadline", message: /5 s deadline/ });
    expect(() => g.check()).toThrow(RunStopped);
    expect(g.remainingMs).toBe(0);
  });

  it("an interruption stops sending as interrupted, whatever comes after it", async () => {
    const interrupt = new AbortController();
    const g = guard(LIMITS, { signal: interrupt.signal });
    const waiting = g.wait(60_000).catch((err: unknown) => err);
    interrupt.abort();
    expect(await waiting).toMatchObject({ reason: "interrupted" });
    expect(g.deadlineStop()).toMatchObject({ reason: "interrupted" });
  });

  describe("sendOutlasting429", () => {
    /** A server answering the statuses of `statuses` in turn (the last one from then on), 429s with `Retry-After: 2`. */
    async function sendTo(statuses: number[], options: { waitOn429?: boolean; again429?: string } = {}) {
      let hits = 0;
      const server = await listenOnLoopback(
        createServer((_req, res) => {
          const status = statuses[Math.min(hits++, statuses.length - 1)];
          res.writeHead(status, { "content-type": "application/json", "retry-after": "2" }).end("{}");
        }),
      );
      // A clock that records each wait and takes no time.
      const slept: number[] = [];
      const clock = { now: () => 0, sleep: async (ms: number) => void slept.push(ms) };
      const g = guard(LIMITS, { clock });
      const transport = new Transport({ timeoutMs: 5000, maxBodyBytes: 2 ** 20 });
      const wire = { operation: "me" as const, method: "GET", baseUrl: server.baseUrl, path: "/me" };
      try {
        const outcome = await g.sendOutlasting429(transport, wire, options).catch((err: unknown) => err);
        return { outcome, hits: () => hits, slept };
      } finally {
        await transport.close();
        await server.close();
      }
    }

    it("waits out one 429's Retry-After and sends once more", async () => {
      const { outcome, hits, slept } = await sendTo([429, 200]);
      expect((outcome as Exchange).response?.status).toBe(200);
      expect(hits()).toBe(2);
      expect(slept).toEqual([2000]);
    });

    it("returns a second 429, or stops with `again429` when one is given", async () => {
      expect(((await sendTo([429])).outcome as Exchange).response?.status).toBe(429);
      const { outcome, hits } = await sendTo([429], { again429: "429 again" });
      expect(outcome).toMatchObject({ reason: "rate-limited", message: "429 again" });
      expect(hits()).toBe(2);
    });

    it("returns the 429 unwaited when told not to wait", async () => {
      const { outcome, hits, slept } = await sendTo([429, 200], { waitOn429: false });
      expect((outcome as Exchange).response?.status).toBe(429);
      expect(hits()).toBe(1);
      expect(slept).toEqual([]);
    });
  });
});
