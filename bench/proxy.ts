/**
 * `cbcheck proxy` overhead: the added latency p99 at a fixed 1,000 req/s of typical responses (GET
 * /entities/{id} of the reference server on loopback), and throughput against a plain forwarding proxy on the
 * same stack (the same forwarder with nothing judged). Issue 11 asks: added p99 ≤ 1 ms, throughput ≥ 0.8×.
 * `npx tsx bench/proxy.ts [seconds]` (default 10 s per latency phase, 5 s per throughput phase).
 * Caveat: the reference server, both proxies and the load generator share this one process and event loop, so
 * the p99 figures include each other's pauses (the plain proxy's p99 is as high as the judged one's); a fair
 * measurement puts target and proxy in their own processes (not done yet).
 */
import autocannon from "autocannon";
import * as hdr from "hdr-histogram-js";
import { Pool } from "undici";
import { startForwarder } from "../src/proxy/forward.js";
import { runProxy } from "../src/proxy/run-proxy.js";
import { startServer } from "../src/server/index.js";

const seconds = Number(process.argv[2] ?? 10);
const server = await startServer({ rateLimit: 1e9, callsPerDay: 1e12, recordsPerDay: 1e15 });
const path = `/v1/entities/${encodeURIComponent(server.fixtures.org_ids[0])}`;
const headers = { authorization: `Bearer ${server.keys.plus}` };

const plain = await startForwarder({
  origin: new URL(server.url).origin,
  host: "127.0.0.1",
  port: 0,
  timeoutMs: 30_000,
  maxBodyBytes: 16 * 1024 * 1024,
  onExchange: () => {},
});
const abort = new AbortController();
let judgedBase = "";
const judged = runProxy(
  { target: server.url, listen: "127.0.0.1:0", timeoutMs: 30_000, maxBodyBytes: 16 * 1024 * 1024 },
  { signal: abort.signal, onListening: (url) => (judgedBase = url) },
);
while (judgedBase === "") await new Promise((r) => setTimeout(r, 10));
const judgedOrigin = new URL(judgedBase).origin;

/** Open-loop at `rate` req/s; latency from each request's scheduled time (no coordinated omission), in µs. */
async function paced(origin: string, rate: number, durationS: number) {
  const pool = new Pool(origin, { connections: 32 });
  const histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000 });
  const start = performance.now();
  const total = rate * durationS;
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // From the intended time, or from the actual send when the timer fired early (setTimeout's granularity).
    const from = Math.min(due, performance.now());
    inflight.push(
      pool.request({ path, method: "GET", headers }).then(async (res) => {
        await res.body.dump();
        histogram.recordValue(Math.max(1, Math.round((performance.now() - from) * 1000)));
      }),
    );
  }
  await Promise.all(inflight);
  await pool.close();
  return { p50: histogram.getValueAtPercentile(50) / 1000, p99: histogram.getValueAtPercentile(99) / 1000 };
}

async function throughput(origin: string, durationS: number): Promise<number> {
  const result = await autocannon({ url: `${origin}${path}`, headers, connections: 20, duration: durationS });
  return result.requests.average;
}

await paced(`${new URL(server.url).origin}`, 1000, 2); // warm-up
const direct = await paced(new URL(server.url).origin, 1000, seconds);
const viaPlain = await paced(plain.origin, 1000, seconds);
const viaJudged = await paced(judgedOrigin, 1000, seconds);
const plainRps = await throughput(plain.origin, Math.max(3, seconds / 2));
const judgedRps = await throughput(judgedOrigin, Math.max(3, seconds / 2));

const ms = (v: number) => `${v.toFixed(3)} ms`;
console.log(`latency at 1,000 req/s, ${seconds} s each (p50 / p99):`);
console.log(`  direct        ${ms(direct.p50)} / ${ms(direct.p99)}`);
console.log(`  plain proxy   ${ms(viaPlain.p50)} / ${ms(viaPlain.p99)}`);
console.log(`  cbcheck proxy ${ms(viaJudged.p50)} / ${ms(viaJudged.p99)}`);
console.log(
  `  added p99 vs direct: ${ms(viaJudged.p99 - direct.p99)}; vs plain proxy: ${ms(viaJudged.p99 - viaPlain.p99)}`,
);
console.log(
  `throughput (20 connections): plain ${plainRps.toFixed(0)} req/s, judged ${judgedRps.toFixed(0)} req/s, ratio ${(judgedRps / plainRps).toFixed(2)}`,
);

abort.abort();
await judged;
await plain.close();
await server.close();
