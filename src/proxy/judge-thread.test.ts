import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { startServer } from "../server/index.js";
import { startForwarder } from "./forward.js";
import { ClientJudge } from "./judge-client.js";
import { judgeServer, toExchange } from "./judge-server.js";
import { JudgeThread } from "./judge-thread.js";
import { type RawExchange, toProxied } from "./raw-exchange.js";
import { runProxy } from "./run-proxy.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

async function call(url: string, key: string | undefined, body?: unknown) {
  const res = await request(url, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // Read whole (undici's dump() stops after 128 KiB and leaves: a client gone mid-response).
  await res.body.arrayBuffer();
  return res.statusCode;
}

/** The judging of every exchange on the forwarding thread, one after the other, as the proxy did before. */
function judgeInline(raws: RawExchange[], baseUrl: string): string[] {
  const client = new ClientJudge();
  const out: string[] = [];
  for (const raw of raws) {
    const p = toProxied(raw);
    const exchange = toExchange(p, baseUrl);
    if (p.cut === undefined || p.targetError)
      for (const s of judgeServer(exchange)) out.push(`${p.n} server ${s.id}`);
    for (const v of client.judge(p, exchange.operation)) out.push(`${v.exchange.n} client ${v.rule.id}`);
  }
  return out.sort();
}

describe("the judge thread", () => {
  it("finds on the worker exactly what judging inline found, for a fixed traffic script", async () => {
    const server = await startServer({ mutation: "resolve-cursor-set" });
    closers.push(() => server.close());
    const raws: RawExchange[] = [];
    const f = await startForwarder({
      origin: new URL(server.url).origin,
      host: "127.0.0.1",
      port: 0,
      timeoutMs: 10_000,
      maxBodyBytes: 1 << 20,
      onExchange: (raw) => raws.push(raw),
    });
    closers.push(() => f.close());
    const base = `${f.origin}/v1`;
    const { plus, revoked } = server.keys;
    const ids = server.fixtures.known_ids;
    const query = `${base}/resolve?query=${encodeURIComponent(server.fixtures.resolve_queries[0])}`;
    // Repeated answers on purpose: the worker reuses verdicts of equal responses, which must change nothing.
    for (let i = 0; i < 3; i++) await call(query, plus);
    for (let i = 0; i < 3; i++) await call(`${base}/entities/${encodeURIComponent(ids[0])}`, plus);
    const tooMany = { ids: Array.from({ length: 101 }, (_, i) => ids[i % ids.length]) };
    await call(`${base}/entities/batch`, plus, tooMany);
    await call(`${base}/entities/batch`, plus, tooMany);
    await call(`${base}/entities/batch`, plus, { ids: ids.slice(0, 1), extra: 1 });
    await call(`${base}/me?api_key=${plus}`, plus);
    await call(`${base}/me`, undefined);
    await call(`${base}/me`, revoked);
    await call(`${base}/capabilities`, revoked);
    while (raws.length < 13) await new Promise((r) => setTimeout(r, 10));

    const inline = judgeInline(raws, server.url);
    const onWorker: string[] = [];
    let answered = 0;
    const thread = new JudgeThread(server.url, {
      onJudged: (batch) => {
        answered += batch.count;
        for (const row of batch.rows) {
          // So few findings that every one of them comes back shown.
          expect(row.shown).toHaveLength(row.count);
          for (const x of row.shown) onWorker.push(`${x.exchange.n} ${x.side} ${x.id}`);
        }
      },
    });
    closers.push(() => thread.close());
    await thread.ready();
    for (const raw of raws) expect(thread.submit(structuredClone(raw))).toBe(true);
    await thread.drain();
    expect(onWorker.sort()).toEqual(inline);
    expect(answered).toBe(raws.length);
    expect(inline.filter((x) => x.endsWith("server resolve.cursor_null"))).toHaveLength(3);
    for (const id of ["batch_ids_1_to_100", "no_resend_400", "body_contract_properties", "stop_on_fatal"])
      expect(inline.some((x) => x.endsWith(`client client.${id}`))).toBe(true);
    expect(thread.skipped).toBe(0);

    // A later session takes the thread the first one left (parked, worker-host.ts) and judges its calls apart:
    // its call is no call after the first session's fatal 401.
    await thread.close();
    const later: string[] = [];
    const next = new JudgeThread(server.url, {
      onJudged: (batch) => {
        for (const row of batch.rows)
          for (const x of row.shown) later.push(`${x.exchange.n} ${x.side} ${x.id}`);
      },
    });
    closers.push(() => next.close());
    const lastFatal = raws.at(-1) as RawExchange;
    expect(next.submit({ ...structuredClone(lastFatal), n: 1 })).toBe(true);
    await next.drain();
    expect(later.filter((x) => x.includes("client."))).toEqual([]);
  });

  it("keeps forwarding while a slow-to-judge body is judged, and counts what its full queue skipped", async () => {
    // One answer that takes the judge long (a 6 MB body of 100,000 objects to parse and validate), then
    // small ones; the client must get every small answer before the big one's verdict is out. (200,000
    // objects left ~1.5 s of judging after the tenth small answer, 100,000 about 1 s: margin enough, half the CPU.)
    const big = JSON.stringify({
      contract: "cb/v1",
      data: { entities: Array.from({ length: 100_000 }, (_, i) => ({ id: `x${i}`, name: "y".repeat(40) })) },
    });
    const target: Server = createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(req.url?.includes("big") ? big : "{}");
    });
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", () => r()));
    closers.push(async () => {
      target.closeAllConnections();
      await new Promise((r) => target.close(r));
    });
    const events: string[] = [];
    const abort = new AbortController();
    let base = "";
    const session = runProxy(
      {
        target: `http://127.0.0.1:${(target.address() as AddressInfo).port}/v1`,
        listen: "127.0.0.1:0",
        timeoutMs: 10_000,
        maxBodyBytes: 16 << 20,
        judgeQueue: { maxBacklog: 3 },
      },
      {
        signal: abort.signal,
        onListening: (url) => (base = url),
        onViolation: (line) => {
          if (/exchange 1 /.test(line) && !events.includes("big judged")) events.push("big judged");
        },
      },
    );
    while (base === "") await new Promise((r) => setTimeout(r, 10));
    expect(await call(`${base}/entities/big`, "k")).toBe(200);
    for (let i = 2; i <= 11; i++) {
      expect(await call(`${base}/me`, "k")).toBe(200);
      events.push(`answered ${i}`);
    }
    while (!events.includes("big judged")) await new Promise((r) => setTimeout(r, 20));
    abort.abort();
    const { report } = await session;
    // Every small answer came before the big body's verdict: forwarding never waited on judging.
    expect(events.indexOf("big judged")).toBe(10);
    expect(report.summary.calls).toBe(11);
    const skipped = Number(/(\d+) skipped: judging fell behind/.exec(report.notes?.join(" ") ?? "")?.[1]);
    // The queue holds 3 (the big one among them): the rest of the small ones were counted, not queued.
    expect(skipped).toBeGreaterThanOrEqual(11 - 3);
  });
});
