/**
 * Benchmark of `cbcheck load`: the same profile mix against the embedded reference server (one child
 * process for the whole run), driven three ways, as fast as the connections go:
 *   1. plain autocannon (no per-response work at all),
 *   2. cbcheck load's phase (every response timed into HdrHistograms and every body checked),
 *   3. wrk (Debian's /usr/bin/wrk, a Lua script cycling through the same requests).
 * Prints requests/s of each, the ratio cbcheck / autocannon (target ≥ 0.90), and cbcheck's peak RSS.
 * Usage: npm run bench -- load   (BENCH_LOAD_SECONDS=10, BENCH_LOAD_ROUNDS=2, BENCH_LOAD_PROFILE=latency,
 * BENCH_LOAD_SAMPLE_RATE=1)
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { startEmbeddedTarget } from "../src/load/embedded-target.js";
import { loadProfile } from "../src/load/load-profile-file.js";
import { buildRequestMix } from "../src/load/request-mix.js";
import { runPhase } from "../src/load/run-phase.js";
import { Tallies } from "../src/load/tallies.js";
import { ValidationPool } from "../src/load/validation-pool.js";
import { LOAD } from "../src/verdicts/load.js";
import { writeWrkScript } from "./support/wrk-script.js";

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_LOAD_ROUNDS ?? 2);
/** Share of bodies checked (1 = every response, the figure the target is about). */
const sampleRate = Number(process.env.BENCH_LOAD_SAMPLE_RATE ?? 1);
const profile = loadProfile(process.env.BENCH_LOAD_PROFILE ?? "latency");
const WRK = "/usr/bin/wrk";

const server = await startEmbeddedTarget({ ...profile.embedded });
const requests = buildRequestMix(profile, { ...server.fixtures }, server.url);
const base = new URL(server.url);
const pool = await ValidationPool.start({ size: 1 });

async function plainAutocannon(durationSeconds: number): Promise<number> {
  const result = await autocannon({
    url: base.origin,
    connections: profile.connections,
    duration: durationSeconds,
    headers: { authorization: `Bearer ${server.keys.plus}`, accept: "application/json" },
    requests: requests.map((r) => ({
      method: r.method,
      path: base.pathname + r.path,
      body: r.body,
      headers: r.body === undefined ? {} : { "content-type": "application/json" },
    })),
  });
  return result.requests.total / result.duration;
}

async function cbcheck(
  durationSeconds: number,
): Promise<{ rps: number; peakRssMiB: number; bad: number; checked: number }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const tallies = new Tallies();
  const phase = await runPhase({
    baseUrl: server.url,
    apiKey: server.keys.plus,
    requests,
    connections: profile.connections,
    durationSeconds,
    maxCalls: 10_000_000,
    tallies,
    pool,
    sampleRate,
  });
  clearInterval(sampler);
  const checked = tallies
    .all()
    .filter((f) => f.id === LOAD.responseChecks.id)
    .reduce((n, f) => n + f.judged, 0);
  return {
    rps: phase.drive.responses / (phase.drive.activeMs / 1000),
    peakRssMiB: peak / 2 ** 20,
    bad: phase.bad,
    checked,
  };
}

function wrk(durationSeconds: number, script: string): number | undefined {
  if (!existsSync(WRK)) return undefined;
  const out = spawnSync(
    WRK,
    ["-t", "1", "-c", String(profile.connections), "-d", `${durationSeconds}s`, "-s", script, base.origin],
    {
      encoding: "utf8",
    },
  );
  const match = /Requests\/sec:\s+([\d.]+)/.exec(out.stdout);
  return match ? Number(match[1]) : undefined;
}

const script = writeWrkScript(requests, server.url, server.keys.plus);

const machineLoad = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
console.log(`machine load (1/5/15 min): ${machineLoad()}`);
console.log(
  `profile ${profile.name}: ${profile.mix.map((m) => m.name ?? m.operation).join(", ")}; ${profile.connections} connections, closed model`,
);
console.log(
  `embedded server in a child process; ${rounds} rounds of ${seconds} s per tool (after a 3 s warm-up)`,
);
await plainAutocannon(3);
const figures = { autocannon: [] as number[], cbcheck: [] as number[], wrk: [] as number[] };
let peakRss = 0;
let bad = 0;
let checked = 0;
for (let round = 1; round <= rounds; round++) {
  figures.autocannon.push(await plainAutocannon(seconds));
  const c = await cbcheck(seconds);
  figures.cbcheck.push(c.rps);
  peakRss = Math.max(peakRss, c.peakRssMiB);
  bad += c.bad;
  checked += c.checked;
  const w = wrk(seconds, script);
  if (w !== undefined) figures.wrk.push(w);
  console.log(
    `round ${round}: autocannon ${figures.autocannon.at(-1)?.toFixed(0)}, cbcheck ${c.rps.toFixed(0)}, wrk ${w?.toFixed(0) ?? "n/a"} requests/s`,
  );
}
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
const ratio = mean(figures.cbcheck) / mean(figures.autocannon);
const perRound = figures.cbcheck
  .map((c, i) => `${((c / figures.autocannon[i]) * 100).toFixed(0)} %`)
  .join(", ");
console.log("");
console.log(`plain autocannon (no validation):      ${mean(figures.autocannon).toFixed(0)} requests/s`);
console.log(
  `cbcheck load (${sampleRate === 1 ? "every body checked" : `${sampleRate * 100} % of bodies`}):    ${mean(figures.cbcheck).toFixed(0)} requests/s  (${checked} bodies checked, ${bad} bad)`,
);
console.log(
  `wrk:                                  ${figures.wrk.length ? mean(figures.wrk).toFixed(0) : "n/a (no /usr/bin/wrk)"} requests/s`,
);
console.log(
  `ratio cbcheck / autocannon:           ${(ratio * 100).toFixed(1)} %  (target ≥ 90 %: ${ratio >= 0.9 ? "met" : "NOT met"}; per round ${perRound})`,
);
console.log(
  `peak RSS of the cbcheck process:      ${peakRss.toFixed(0)} MiB (load generator + validation worker)`,
);
if (pool.skipped > 0) console.log(`bodies not checked (validator behind): ${pool.skipped}`);
console.log(`machine load (1/5/15 min): ${machineLoad()}`);
await pool.close();
await server.close();
