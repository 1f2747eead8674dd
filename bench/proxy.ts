/**
 * `cbcheck proxy` overhead (issue 11): with validation on, added latency p99 ≤ 1 ms at a fixed 1,000 req/s of
 * typical responses (GET /v1/entities/{id} of the reference server, loopback), and throughput ≥ 0.8× a plain
 * forwarding proxy on the same HTTP stack (the same forwarder, nothing copied or judged).
 * Every party has its own process: the reference server (limits lifted), the judged proxy, the plain proxy, and
 * the load generator (an open-model paced generator per latency phase; `wrk` for throughput when installed,
 * else autocannon in this orchestrating process). Rounds interleave the targets (order rotated each round) so
 * that the shared machine's load falls on all alike; round 0 warms up and is not counted; figures are medians
 * of the rounds. CPU µs per request of each proxy process (all threads, judging included) is the figure the
 * machine's load cannot blur.
 * `npx tsx bench/proxy.ts` — env BENCH_ROUNDS (default 3), BENCH_SECONDS (latency phase, default 10),
 * BENCH_TP_SECONDS (throughput phase, default 5), BENCH_TOOL=autocannon (throughput by autocannon even with wrk).
 */
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import autocannon from "autocannon";
import { pacedInChild, type ServerChild, spawnServer } from "./support/children.js";
import type { PacedResult } from "./support/paced-load.js";
import { type CpuLine, type HopFigures, runRole } from "./support/proxy-roles.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TP_SECONDS = Number(process.env.BENCH_TP_SECONDS ?? 5);
const RATE = 1000;
const CONNECTIONS = 20;
const hasWrk = process.env.BENCH_TOOL !== "autocannon" && spawnSync("which", ["wrk"]).status === 0;
const tool = hasWrk ? "wrk" : "autocannon";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const f3 = (v: number) => v.toFixed(3);

/** Requests per second through `url` at full speed, and the request count. */
async function saturate(url: string, key: string): Promise<{ rps: number; total: number }> {
  if (hasWrk) {
    const args = ["-t1", `-c${CONNECTIONS}`, `-d${TP_SECONDS}s`, "-H", `authorization: Bearer ${key}`, url];
    const out = spawnSync("wrk", args, { encoding: "utf8" }).stdout;
    if (/Non-2xx/.test(out)) throw new Error(`${url}: non-2xx answers under load`);
    return {
      rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
      total: Number(/(\d+) requests in/.exec(out)?.[1] ?? 1),
    };
  }
  const r = await autocannon({
    url,
    headers: { authorization: `Bearer ${key}` },
    connections: CONNECTIONS,
    duration: TP_SECONDS,
  });
  if (r.non2xx + r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, total: r.requests.total };
}

/** CPU µs per request of `child` over `phase` (all threads; main thread alone), `phase` returning its count. */
async function cpuPer<T>(child: ServerChild | undefined, phase: () => Promise<T>, count: (r: T) => number) {
  const before = child ? await child.cpu() : undefined;
  const result = await phase();
  const after = child ? await child.cpu() : undefined;
  const n = Math.max(1, count(result));
  const per = (f: (l: CpuLine) => number) => (before && after ? (f(after) - f(before)) / n : Number.NaN);
  return { result, cpuUs: per((l) => l.cpuUs), mainUs: per((l) => l.mainUs), hop: after?.hop };
}

async function main(): Promise<void> {
  const ref = await spawnServer(["--reference"]);
  const { key = "", path = "/" } = ref.ready;
  const plain = await spawnServer(["--plain", ref.ready.url]);
  const judged = await spawnServer(["--judged", ref.ready.url]);
  const targets = [
    { name: "direct", origin: ref.ready.url, child: undefined },
    { name: "plain", origin: plain.ready.url, child: plain },
    { name: "judged", origin: judged.ready.url, child: judged },
  ] as const;
  console.log(
    `bench/proxy: GET ${path.replace(/[^/]+$/, "{id}")} at ${RATE} req/s, ${SECONDS} s per latency phase; ` +
      `throughput ${tool} ${CONNECTIONS} connections ${TP_SECONDS} s; ${ROUNDS} rounds + 1 warm-up; ` +
      `${cpus().length} cores, loadavg ${load()}`,
  );
  const lat: Record<string, PacedResult[]> = { direct: [], plain: [], judged: [] };
  const cpuLat: Record<string, number[]> = { plain: [], judged: [] };
  const hops: Record<string, HopFigures[]> = { plain: [], judged: [] };
  const mainLat: Record<string, number[]> = { plain: [], judged: [] };
  const mainTp: Record<string, number[]> = { plain: [], judged: [] };
  const rps: Record<string, number[]> = { plain: [], judged: [] };
  const cpuTp: Record<string, number[]> = { plain: [], judged: [] };
  for (let round = 0; round <= ROUNDS; round++) {
    const order = [...targets.slice(round % 3), ...targets.slice(0, round % 3)];
    const line: string[] = [];
    for (const t of order) {
      const { result, cpuUs, mainUs, hop } = await cpuPer(
        t.child,
        () => pacedInChild(t.origin, path, key, RATE, SECONDS),
        (r) => r.count,
      );
      if (result.errors > 0) throw new Error(`${t.name}: ${result.errors} failed requests`);
      if (round > 0) lat[t.name].push(result);
      if (round > 0 && t.child) cpuLat[t.name].push(cpuUs);
      if (round > 0 && t.child) mainLat[t.name].push(mainUs);
      if (round > 0 && hop) hops[t.name].push(hop);
      line.push(
        `${t.name} p50 ${f3(result.p50)} p99 ${f3(result.p99)} ms (gen late p99 ${f3(result.lateP99)})` +
          (t.child ? ` ${cpuUs.toFixed(0)} µs CPU/req (main thread ${mainUs.toFixed(0)})` : "") +
          (hop ? ` own time p50 ${f3(hop.p50)} p99 ${f3(hop.p99)} ms` : ""),
      );
    }
    for (const t of round % 2 === 0 ? [targets[1], targets[2]] : [targets[2], targets[1]]) {
      const { result, cpuUs, mainUs } = await cpuPer(
        t.child,
        () => saturate(`${t.origin}${path}`, key),
        (r) => r.total,
      );
      if (round > 0) rps[t.name].push(result.rps);
      if (round > 0) cpuTp[t.name].push(cpuUs);
      if (round > 0) mainTp[t.name].push(mainUs);
      line.push(
        `${t.name} ${result.rps.toFixed(0)} req/s ${cpuUs.toFixed(0)} µs CPU/req (main thread ${mainUs.toFixed(0)})`,
      );
    }
    console.log(`  ${round === 0 ? "warm-up" : `round ${round}`} (loadavg ${load()}): ${line.join("; ")}`);
  }
  const account = await judged.stop();
  await plain.stop();
  await ref.stop();
  const p = (name: string, pct: "p50" | "p99") => median(lat[name].map((r) => r[pct]));
  const added = (vs: string, pct: "p50" | "p99") =>
    median(lat.judged.map((r, i) => r[pct] - lat[vs][i][pct]));
  const ratio = median(rps.judged.map((r, i) => r / rps.plain[i]));
  console.log(`medians of ${ROUNDS} rounds (loadavg ${load()}):`);
  for (const name of ["direct", "plain", "judged"])
    console.log(`  ${name.padEnd(6)} p50 ${f3(p(name, "p50"))} ms, p99 ${f3(p(name, "p99"))} ms`);
  console.log(
    `  added by cbcheck proxy: p50 ${f3(added("direct", "p50"))} ms / p99 ${f3(added("direct", "p99"))} ms vs direct; ` +
      `p50 ${f3(added("plain", "p50"))} ms / p99 ${f3(added("plain", "p99"))} ms vs plain proxy (target p99 ≤ 1 ms: ` +
      `${added("direct", "p99") <= 1 ? "met" : "MISSED"})`,
  );
  const us = (xs: number[]) => `${median(xs).toFixed(0)} µs`;
  console.log(
    `  CPU/req, whole process (forwarding thread alone): at ${RATE} req/s plain ${us(cpuLat.plain)} (${us(mainLat.plain)}), ` +
      `judged ${us(cpuLat.judged)} (${us(mainLat.judged)}); saturated plain ${us(cpuTp.plain)} (${us(mainTp.plain)}), ` +
      `judged ${us(cpuTp.judged)} (${us(mainTp.judged)})`,
  );
  console.log(
    `  throughput (${tool}): plain ${median(rps.plain).toFixed(0)} req/s, judged ${median(rps.judged).toFixed(0)} req/s, ` +
      `ratio ${ratio.toFixed(2)}× (target ≥ 0.8×: ${ratio >= 0.8 ? "met" : "MISSED"})`,
  );
  const ownP99 = (name: string) => f3(median(hops[name].map((h) => h.p99)));
  const ownP50 = (name: string) => f3(median(hops[name].map((h) => h.p50)));
  console.log(
    `  the proxy's own time per exchange at ${RATE} req/s (request in to sent on, plus answer's headers in to its end ` +
      `out; inside the process): plain p50 ${ownP50("plain")} ms p99 ${ownP99("plain")} ms, judged p50 ` +
      `${ownP50("judged")} ms p99 ${ownP99("judged")} ms`,
  );
  console.log(`  judged proxy's own account: ${JSON.stringify(account)}`);
  const notes = (account as { final?: { calls?: number; notes?: string[] } } | undefined)?.final;
  const skipped = Number(
    /(\d+) of \d+ exchange\(s\) forwarded but not judged/.exec(notes?.notes?.join(" ") ?? "")?.[1] ?? 0,
  );
  console.log(
    `  exchanges forwarded but left unjudged (judge queue full): ${skipped} of ${notes?.calls ?? "?"} ` +
      `(every phase, saturated ones included)`,
  );
  process.exitCode = added("direct", "p99") <= 1 && ratio >= 0.8 ? 0 : 1;
}

if (!(await runRole(process.argv.slice(2)))) await main();
