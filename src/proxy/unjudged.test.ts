/**
 * Exchanges a proxy session could not judge: a judge thread that dies (here: past its heap cap) loses its batch,
 * says so on a live line, restarts for the exchanges that follow, and leaves the session incomplete, never a
 * pass; a stop whose deadline passes before judging is done counts the rest as not judged instead of waiting;
 * an exchange whose response copy was cut (the size cap, a client that left) is judged on the client side only
 * and counted as not judged too, so a session of such exchanges is never a pass.
 */
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { invalidResolveBody, manyKeysBody } from "../checks/judge-thread/test-support/bodies.js";
import { runProxy, STOP_BUDGET_MS } from "./run-proxy.js";
import type { SessionClock } from "./session-clock.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

/** A target answering a URL with `big` in it with `big`, and anything else with `{}`. */
async function target(big: string): Promise<string> {
  const server: Server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(req.url?.includes("big") ? big : "{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

/** A clock whose timers fire only when the test says (`fire(ms)` runs every pending one of that delay). */
function manualClock() {
  const pending: { ms: number; run: () => void }[] = [];
  const clock: SessionClock = {
    now: () => Date.now(),
    after(ms, run) {
      const timer = { ms, run };
      pending.push(timer);
      return () => pending.splice(pending.indexOf(timer) >>> 0, 1);
    },
  };
  const fire = (ms: number) => {
    for (const t of pending.filter((p) => p.ms === ms)) {
      pending.splice(pending.indexOf(t), 1);
      t.run();
    }
  };
  return { clock, fire, has: (ms: number) => pending.some((p) => p.ms === ms) };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 10));
}

/** A GET without a key: every exchange breaks client.bearer_auth, so each judged one shows a live line. */
async function get(url: string): Promise<number> {
  const res = await request(url);
  await res.body.arrayBuffer();
  return res.statusCode;
}

/**
 * A session whose judge thread has a 48 MiB heap, in front of a target whose `big` answer needs more to judge:
 * under the structure caps (190,000 containers, 475,000 members), but its 380,000 schema errors need far more.
 */
async function dyingSession() {
  const { clock } = manualClock();
  const lines: string[] = [];
  const abort = new AbortController();
  let base = "";
  const session = runProxy(
    {
      target: await target(invalidResolveBody(95_000)),
      listen: "127.0.0.1:0",
      timeoutMs: 10_000,
      maxBodyBytes: 32 << 20,
      judgeQueue: { heapMib: 48 },
    },
    { signal: abort.signal, onListening: (url) => (base = url), onViolation: (l) => lines.push(l), clock },
  );
  await until(() => base !== "");
  const died = () => until(() => lines.some((l) => l.includes("judge thread died")));
  const stop = async () => {
    abort.abort();
    return (await session).report;
  };
  return { base, lines, died, stop };
}

describe("a proxy session with exchanges it could not judge", () => {
  it("says the judge thread died, restarts it for what follows, and is incomplete", async () => {
    const { base, lines, died, stop } = await dyingSession();
    const judged = (n: number) => lines.some((l) => l.includes(`client.bearer_auth key none exchange ${n} `));
    expect(await get(`${base}/me`)).toBe(200);
    await until(() => judged(1));
    // Judging this body needs more than the judge thread's heap: the thread dies with it.
    expect(await get(`${base}/resolve?query=Acme&big`)).toBe(200);
    await died();
    expect(await get(`${base}/me`)).toBe(200);
    await until(() => judged(3));
    const report = await stop();
    expect(lines.find((l) => l.includes("judge thread died"))).toMatch(
      /the judge thread died \(the judge thread needed more than its 48 MiB heap\): 1 exchange\(s\) not judged, 1 so far; it restarts/,
    );
    expect(report.verdict).toBe("fail");
    expect(report.summary.calls).toBe(3);
    const row = report.results.find((r) => r.id === "harness.judging_unfinished");
    expect(row).toMatchObject({ status: "inconclusive", suite: "proxy" });
    expect(row?.message).toMatch(
      /^1 of 3 exchange\(s\) forwarded but not judged: 1 lost with the judge thread/,
    );
    expect(report.notes?.join("\n")).toContain("2 judged, 1 not judged");
  }, 60_000);

  it("is incomplete, not a pass, when the judge thread died on clean traffic", async () => {
    const { base, died, stop } = await dyingSession();
    const res = await request(`${base}/resolve?query=Acme&big`, { headers: { authorization: "Bearer k" } });
    await res.body.arrayBuffer();
    await died();
    const report = await stop();
    // Nothing judged failed, but an exchange has no verdict: incomplete (exit 2), never pass.
    expect(report.verdict).toBe("incomplete");
    expect(report.reason).toMatch(/1 of 1 exchange\(s\) forwarded but not judged/);
  }, 60_000);

  it("writes the report at the stop's deadline with what was judged, counting the rest as not judged", async () => {
    const { clock, fire, has } = manualClock();
    const abort = new AbortController();
    let base = "";
    const session = runProxy(
      {
        target: await target(manyKeysBody(1_000_000)),
        listen: "127.0.0.1:0",
        timeoutMs: 10_000,
        maxBodyBytes: 32 << 20,
      },
      { signal: abort.signal, onListening: (url) => (base = url), clock },
    );
    await until(() => base !== "");
    // A body that takes the judge many seconds, then the stop: its deadline passes before judging is done.
    expect(await get(`${base}/resolve?query=Acme&big`)).toBe(200);
    abort.abort();
    await until(() => has(STOP_BUDGET_MS));
    fire(STOP_BUDGET_MS);
    const { report } = await session;
    expect(report.verdict).toBe("incomplete");
    expect(report.summary.calls).toBe(1);
    expect(report.results.find((r) => r.id === "harness.judging_unfinished")?.message).toBe(
      "1 of 1 exchange(s) forwarded but not judged: 1 still queued when the session stopped",
    );
  }, 60_000);

  it("counts a response whose copy the size cap cut as not judged: incomplete, never a pass", async () => {
    const { clock, fire } = manualClock();
    const lines: string[] = [];
    const abort = new AbortController();
    let base = "";
    const session = runProxy(
      {
        target: await target(`{"big":"${"x".repeat(5_000)}"}`),
        listen: "127.0.0.1:0",
        timeoutMs: 10_000,
        maxBodyBytes: 1_000,
      },
      { signal: abort.signal, onListening: (url) => (base = url), onViolation: (l) => lines.push(l), clock },
    );
    await until(() => base !== "");
    const res = await request(`${base}/me?big`, { headers: { authorization: "Bearer k" } });
    // The client still gets the whole answer: only the proxy's copy is capped.
    expect((await res.body.text()).length).toBeGreaterThan(5_000);
    await until(() => {
      fire(1000);
      return lines.some((l) => l.includes("response copy was cut"));
    });
    expect(lines.find((l) => l.includes("response copy was cut"))).toBe(
      "cbcheck proxy: 1 exchange(s) so far whose response copy was cut (size cap or client gone): the server's answer not judged",
    );
    abort.abort();
    const { report } = await session;
    expect(report.verdict).toBe("incomplete");
    expect(report.results.filter((r) => r.status === "fail")).toEqual([]);
    expect(report.results.find((r) => r.id === "harness.judging_unfinished")).toMatchObject({
      status: "inconclusive",
      message:
        "1 of 1 exchange(s) forwarded but not judged: 1 whose response copy was cut (size cap or client gone): judged on the client side only, the server's answer not judged",
    });
  }, 60_000);

  it("counts an exchange whose client left mid-response as not judged", async () => {
    const slow: Server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("{");
      setTimeout(() => res.end("}"), 300);
    });
    await new Promise<void>((r) => slow.listen(0, "127.0.0.1", () => r()));
    closers.push(async () => {
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
    });
    const abort = new AbortController();
    let base = "";
    const session = runProxy(
      {
        target: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/v1`,
        listen: "127.0.0.1:0",
        timeoutMs: 10_000,
        maxBodyBytes: 1 << 20,
      },
      { signal: abort.signal, onListening: (url) => (base = url), clock: manualClock().clock },
    );
    await until(() => base !== "");
    const { port } = new URL(base);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write("GET /v1/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\n\r\n"),
      );
      socket.once("data", () => {
        socket.destroy();
        resolve();
      });
    });
    // The target finishes its answer after 300 ms; the proxy then hands the (cut) exchange to the judges.
    await new Promise((r) => setTimeout(r, 600));
    abort.abort();
    const { report } = await session;
    expect(report.verdict).toBe("incomplete");
    expect(report.reason).toMatch(
      /1 of 1 exchange\(s\) forwarded but not judged: 1 whose response copy was cut/,
    );
  }, 60_000);
});
