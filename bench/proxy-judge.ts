/**
 * What judging costs `cbcheck proxy` per exchange, away from the noise of the end-to-end benchmark
 * (bench/proxy.ts): the hand-over of a batch to the judge thread (encode on the forwarding thread, one
 * structured clone standing for postMessage's serialize and deserialize, decode on the judge thread) next to
 * the earlier form (one object per exchange, each with a body buffer of its own), and the judge session
 * itself (request facts, check catalogue or verdict memo, client rules) on real answers of the reference
 * server. Trusted figure: CPU µs per exchange (process.cpuUsage), best of 5 runs.
 * Usage: npx tsx bench/proxy-judge.ts
 */
import { loadavg } from "node:os";
import { request } from "undici";
import { JudgeSession } from "../src/proxy/judge-session.js";
import { decodeBatch, encodeBatch } from "../src/proxy/judge-wire.js";
import { judgeBatch } from "../src/proxy/judge-worker.js";
import type { RawExchange } from "../src/proxy/raw-exchange.js";
import { startServer } from "../src/server/index.js";

const BATCH = 64;
const RUNS = 5;

/** CPU µs per item of `run(count)`, best of `RUNS` (the least disturbed by the machine's other work). */
function cpuPerItem(count: number, run: (count: number) => void): number {
  run(count); // warm-up: optimised code, caches filled
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    const before = process.cpuUsage();
    run(count);
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / count);
  }
  return best;
}

/** Real answers of the reference server, kept as the forwarder keeps them. */
async function answers(): Promise<RawExchange[]> {
  const server = await startServer({ rateLimit: 1e12, callsPerDay: 1e12, recordsPerDay: 1e15 });
  const base = new URL(server.url);
  const paths = [
    ...server.fixtures.org_ids.slice(0, 4).map((id) => `${base.pathname}/entities/${encodeURIComponent(id)}`),
    `${base.pathname}/resolve?query=${encodeURIComponent(server.fixtures.resolve_queries[0])}`,
    `${base.pathname}/me`,
  ];
  const raws: RawExchange[] = [];
  for (let i = 0; i < 300; i++) {
    const url = paths[i % paths.length];
    const rawHeaders = ["Host", base.host, "Authorization", `Bearer ${server.keys.plus}`];
    const startedAt = Date.now();
    const res = await request(`${base.origin}${url}`, { headers: { authorization: rawHeaders[3] } });
    const body = new Uint8Array(await res.body.arrayBuffer());
    const responseHeaders = Object.entries(res.headers).flatMap(([k, v]) => [k, String(v)]);
    raws.push({
      n: i + 1,
      method: "GET",
      url,
      rawHeaders,
      startedAt,
      endedAt: Date.now(),
      status: res.statusCode,
      responseHeaders,
      responseBody: body,
    });
  }
  await server.close();
  return raws;
}

const raws = await answers();
const batches = Array.from({ length: 40 }, (_, b) =>
  Array.from({ length: BATCH }, (_, i) => raws[(b * BATCH + i) % raws.length]),
);
const bytes = raws.reduce((sum, r) => sum + (r.responseBody?.byteLength ?? 0), 0) / raws.length;
console.log(
  `bench/proxy-judge: ${raws.length} real answers (mean body ${bytes.toFixed(0)} B), batches of ${BATCH}; ` +
    `loadavg ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
);

const wire = cpuPerItem(400 * BATCH, (count) => {
  for (let i = 0; i < count / BATCH; i++) {
    const batch = encodeBatch(batches[i % batches.length]);
    decodeBatch(structuredClone(batch, { transfer: [batch.bytes.buffer as ArrayBuffer] }));
  }
});
const objects = cpuPerItem(400 * BATCH, (count) => {
  for (let i = 0; i < count / BATCH; i++) {
    // The earlier form: every exchange an object, every body copied into a buffer of its own, then moved.
    const exchanges = batches[i % batches.length].map((r) => ({
      ...r,
      responseBody: r.responseBody?.slice(),
    }));
    const transfer = exchanges.map((r) => r.responseBody?.buffer as ArrayBuffer);
    structuredClone({ type: "batch", exchanges }, { transfer });
  }
});
console.log(
  `  hand-over to the judge thread (encode, clone, decode): ${wire.toFixed(2)} µs per exchange ` +
    `(one object and one buffer per exchange, as before: ${objects.toFixed(2)} µs)`,
);

let n = 0;
const session = new JudgeSession(`http://${new URL(`http://${raws[0].rawHeaders[1]}`).host}/v1`);
const judge = cpuPerItem(20_000, (count) => {
  for (let i = 0; i < count; i++) {
    const r = raws[i % raws.length];
    // Each exchange after the earlier ones, as on a live session.
    const t = 1_000 * ++n;
    const { findings } = session.judge({ ...r, n, startedAt: t, endedAt: t + 1 });
    if (findings.length > 0) throw new Error(`unexpected finding: ${findings[0].id}`);
  }
});
console.log(
  `  judging (request facts, verdict memo or check catalogue, client rules): ${judge.toFixed(2)} µs per ` +
    `exchange; ${session.memoHits} of ${n} server verdicts reused from an equal earlier answer`,
);

// A client ignoring Retry-After (bench/proxy-hostile.ts): one key, every call a 429 of the target started
// 0.2 ms after the last (5,000 a second, 10 in flight), each breaking client.wait_retry_after: judged as the
// judge thread does (judgeBatch: the session, then the findings counted by row).
const tooMany = new TextEncoder().encode(JSON.stringify({ error: { code: "volume_limit" } }));
let m = 0;
const hammered = new JudgeSession("http://127.0.0.1:1/v1");
let findings = 0;
const hammer = cpuPerItem(400 * BATCH, (count) => {
  for (let b = 0; b < count / BATCH; b++) {
    const batch = Array.from({ length: BATCH }, (): RawExchange => {
      const t = 0.2 * ++m;
      return {
        n: m,
        method: "GET",
        url: "/v1/resolve?query=Acme",
        rawHeaders: ["Host", "127.0.0.1", "Authorization", "Bearer cbk_bench_ignores_retry_after"],
        startedAt: t,
        endedAt: t + 2,
        status: 429,
        responseHeaders: ["content-type", "application/json", "retry-after", "1"],
        responseBody: tooMany,
      };
    });
    for (const row of judgeBatch(hammered, encodeBatch(batch)).rows) findings += row.count;
  }
});
console.log(
  `  judging a client that ignores Retry-After (every call a 429, one finding each): ${hammer.toFixed(2)} µs per ` +
    `exchange (${Math.round(1e6 / hammer)} exchanges/s on one core); ${findings} findings of ${m} exchanges`,
);
