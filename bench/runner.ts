/**
 * Runner benchmarks (targets from the `cbcheck run` issue, on this 2-core machine):
 * 1. validated exchanges per second of the `schema` suite against the embedded reference server (in its
 *    worker thread, rate limit lifted so that the figure measures cbcheck, not a 429 wait): cold (the first
 *    run of a seed: the server builds every node it serves on first use) and warm (the same seed again on
 *    the same server: what is left is cbcheck's own cost plus serving);
 * 2. wall time of the full default `cbcheck run` (all suites, embedded server; target ≤ 60 s).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddedServer } from "../src/runner/embedded-server.js";
import { resolveRunOptions } from "../src/runner/options.js";
import { runConformance } from "../src/runner/run-conformance.js";

const runs = Number(process.env.BENCH_RUNS ?? 400);
const server = await startEmbeddedServer({ rateLimit: 1_000_000_000, callsPerDay: 1e9, recordsPerDay: 1e12 });

async function schemaThroughput(seed: number): Promise<number> {
  const options = resolveRunOptions({
    baseUrl: server.url,
    env: { CB_API_KEY: server.keys.plus },
    fixtures: server.fixtures,
    allowCredits: true,
    suites: ["schema"],
    seed,
    runs,
    maxCalls: 1_000_000,
  });
  let startedAt = 0;
  const report = await runConformance(options, {
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

console.log(`schema suite, ${runs} runs per operation (target >= 1500 validated exchanges/s):`);
process.stdout.write("cold (first run of seed 7):");
await schemaThroughput(7);
process.stdout.write("warm (seed 7 again):       ");
const warm = await schemaThroughput(7);
await server.close();

const dir = mkdtempSync(join(tmpdir(), "cbcheck-bench-"));
const started = performance.now();
const full = spawnSync(
  process.execPath,
  ["--import", "tsx", "src/cli/main.ts", "run", "--seed", "7", "--report-dir", dir],
  {
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
    timeout: 5 * 60_000,
  },
);
const wall = (performance.now() - started) / 1000;
rmSync(dir, { recursive: true, force: true });
const summary =
  full.stdout
    .trim()
    .split("\n")
    .filter((l) => /^(PASS|FAIL)/.test(l))
    .pop() ?? "(no summary)";
console.log(`full default run: ${wall.toFixed(1)} s, exit ${full.status} (target <= 60 s)\n  ${summary}`);
process.exitCode = full.status === 0 && warm >= 1500 && wall <= 60 ? 0 : 1;
