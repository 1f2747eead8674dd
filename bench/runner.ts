/**
 * Runner benchmarks (targets from the `cbcheck run` issue, on this 2-core machine):
 * 1. validated exchanges per second of the `schema` suite against the embedded reference server (in its
 *    worker thread, rate limit lifted so that the figure measures cbcheck, not a 429 wait): cold (the first
 *    run of a seed on a fresh server: the server builds every node it serves on first use) and warm (the
 *    same seed again on the same server: what is left is cbcheck's own cost plus serving). Measured at
 *    `--concurrency 1` (the default: sequential, as the contract recommends) and `--concurrency 2`
 *    (opt-in; sequential calls leave both threads idle while each waits on the other's loopback round
 *    trip). The target (>= 1,500/s) is met by the concurrency-2 warm figure;
 * 2. wall time of the full default `cbcheck run` from the built CLI (`node dist/cli/main.js run`; all suites,
 *    embedded server; target ≤ 8 s, issue 12 §6; run `npm run build` first).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type EmbeddedServer, startEmbeddedServer } from "../src/runner/embedded-server.js";
import { resolveRunOptions } from "../src/runner/options.js";
import { runConformance } from "../src/runner/run-conformance.js";

const runs = Number(process.env.BENCH_RUNS ?? 400);
const TARGET = 1500;

async function schemaThroughput(server: EmbeddedServer, seed: number, concurrency: number): Promise<number> {
  const options = resolveRunOptions({
    baseUrl: server.url,
    env: { CB_API_KEY: server.keys.plus },
    fixtures: server.fixtures,
    allowCredits: true,
    suites: ["schema"],
    seed,
    runs,
    maxCalls: 1_000_000,
    concurrency,
  });
  let startedAt = 0;
  const { report } = await runConformance(options, {
    onProgress: (line) => {
      if (line.startsWith("suite schema")) startedAt = performance.now();
    },
  });
  const seconds = (performance.now() - startedAt) / 1000;
  // Minus the reachability probe sent before the suite.
  const exchanges = (report.summary.calls ?? 1) - 1;
  const rate = exchanges / seconds;
  console.log(
    `  ${exchanges} validated exchanges in ${seconds.toFixed(2)} s = ${rate.toFixed(0)}/s (${report.verdict})`,
  );
  return rate;
}

/** Cold then warm figures at one concurrency, each on a fresh server so that "cold" is really cold. */
async function measure(concurrency: number): Promise<number> {
  const server = await startEmbeddedServer({ rateLimit: 1e9, callsPerDay: 1e9, recordsPerDay: 1e12 });
  const label =
    concurrency === 1 ? "concurrency 1 (default, sequential)" : `concurrency ${concurrency} (opt-in)`;
  try {
    process.stdout.write(`${label}, cold (first run of seed 7):`.padEnd(66));
    await schemaThroughput(server, 7, concurrency);
    process.stdout.write(`${label}, warm (seed 7 again):`.padEnd(66));
    return await schemaThroughput(server, 7, concurrency);
  } finally {
    await server.close();
  }
}

console.log(
  `schema suite, ${runs} runs per operation (target >= ${TARGET} validated exchanges/s, warm, concurrency 2):`,
);
await measure(1);
const warm = await measure(2);
console.log(
  `concurrency 2 warm: ${warm.toFixed(0)}/s ${warm >= TARGET ? "meets" : "MISSES"} the ${TARGET}/s target`,
);

const dir = mkdtempSync(join(tmpdir(), "cbcheck-bench-"));
const started = performance.now();
const full = spawnSync(process.execPath, ["dist/cli/main.js", "run", "--seed", "7", "--report-dir", dir], {
  encoding: "utf8",
  env: { ...process.env, CI: "true" },
  timeout: 5 * 60_000,
});
const wall = (performance.now() - started) / 1000;
rmSync(dir, { recursive: true, force: true });
const summary =
  full.stdout
    .trim()
    .split("\n")
    .filter((l) => /^(PASS|FAIL)/.test(l))
    .pop() ?? "(no summary)";
console.log(`full default run: ${wall.toFixed(1)} s, exit ${full.status} (target <= 8 s)\n  ${summary}`);
process.exitCode = full.status === 0 && warm >= TARGET && wall <= 8 ? 0 : 1;
