/**
 * Deep runs (issue 12 §5): `cbcheck run --suite schema --runs N` on the embedded target from the command line
 * (the built CLI, `dist/cli/main.js`; run `npm run build` first), for N = 40, 400 and 4,000. Each run must
 * finish with a verdict under the default budget, which now follows the plan; time and peak memory must grow
 * at most linearly with N (time per call and RSS above the N = 40 run per 1,000 calls stay flat), and the
 * sequential schema suite's validated exchanges per second are reported (goal >= 3,000/s, on the suite's own time).
 * Peak RSS is the whole process, judging worker included (`/usr/bin/time -f %M`). The machine may be
 * shared: CPU time per exchange (user + system of the whole process, judging worker included) is the figure
 * that load on other cores disturbs least, and the load average is printed before and after each run.
 * `summary.seconds` has millisecond precision; the schema suite's own rate uses `timings.schema`.
 * Each depth runs `BENCH_REPEAT` times (default 3) and the run with the median suite rate is shown, with the
 * spread of the rates beside it: on a shared 2-core machine one run can be 10% off either way.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";

const GOAL = 3000;
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const cli = new URL("../dist/cli/main.js", import.meta.url).pathname;

interface Figure {
  runs: number;
  calls: number;
  wallS: number;
  /** Seconds of the whole run (summary.seconds: server start, preflight, suite). */
  runS: number;
  /** Seconds of the schema suite alone (timings.schema). */
  suiteS: number;
  /** CPU seconds of the whole process (user + system). */
  cpuS: number;
  rssMiB: number;
  load: string;
  exit: number | null;
}

function deepRun(runs: number): Figure {
  const dir = mkdtempSync(join(tmpdir(), "cbcheck-deep-"));
  const started = performance.now();
  const child = spawnSync(
    "/usr/bin/time",
    [
      "-f",
      "maxrss=%M cpu=%U+%S",
      process.execPath,
      cli,
      "run",
      "--suite",
      "schema",
      "--runs",
      String(runs),
      "--seed",
      "7",
      "--report-dir",
      dir,
    ],
    { encoding: "utf8", env: { ...process.env, CI: "true" }, timeout: 10 * 60_000 },
  );
  const wallS = (performance.now() - started) / 1000;
  const rssKiB = Number(/maxrss=(\d+)/.exec(child.stderr)?.[1] ?? Number.NaN);
  const cpu = /cpu=([\d.]+)\+([\d.]+)/.exec(child.stderr);
  const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as {
    summary: { calls: number; seconds: number };
    timings: Record<string, number>;
  };
  rmSync(dir, { recursive: true, force: true });
  return {
    runs,
    calls: report.summary.calls,
    wallS,
    runS: report.summary.seconds,
    suiteS: report.timings.schema,
    cpuS: cpu ? Number(cpu[1]) + Number(cpu[2]) : Number.NaN,
    rssMiB: rssKiB / 1024,
    exit: child.status,
    load: loadavg()[0].toFixed(1),
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
console.log(
  `schema suite from the command line, embedded target, sequential (${cpus().length} cores, loadavg ${load()}):`,
);
console.log(
  "runs   calls  exit  wall s   run s  suite s  exch/s run  exch/s suite  CPU us/exch  peak RSS MiB  load after  suite rates of the repeats",
);
const suiteRate = (f: Figure) => (f.calls - 1) / f.suiteS;
const figures: Figure[] = [];
let failedRuns = 0;
for (const runs of [40, 400, 4000]) {
  const repeats = Array.from({ length: REPEAT }, () => deepRun(runs)).sort(
    (a, b) => suiteRate(a) - suiteRate(b),
  );
  // The median run's times; the highest peak of the repeats (memory is not the noisy figure).
  const f = { ...repeats[Math.floor(repeats.length / 2)], rssMiB: Math.max(...repeats.map((r) => r.rssMiB)) };
  if (repeats.some((r) => r.exit !== 0)) failedRuns++;
  figures.push(f);
  console.log(
    `${String(runs).padStart(4)}  ${String(f.calls).padStart(6)}  ${String(f.exit).padStart(4)}` +
      `  ${f.wallS.toFixed(2).padStart(6)}  ${f.runS.toFixed(3).padStart(6)}  ${f.suiteS.toFixed(3).padStart(7)}` +
      `  ${(f.calls / f.runS).toFixed(0).padStart(10)}  ${((f.calls - 1) / f.suiteS).toFixed(0).padStart(12)}` +
      `  ${((f.cpuS * 1e6) / f.calls).toFixed(0).padStart(11)}  ${f.rssMiB.toFixed(0).padStart(12)}  ${f.load.padStart(10)}` +
      `  ${repeats.map((r) => suiteRate(r).toFixed(0)).join(" ")}`,
  );
}
const [small, , big] = figures;
// The goal is the sequential schema suite's own rate (timings.schema); the whole run adds what comes before
// and after the suite (server start, planning the 20,000 requests, the judging worker's start, the reports).
const rate = suiteRate(big);
const runRate = big.calls / big.runS;
// Linear growth: the extra memory of the deepest run per 1,000 extra calls, and time per call flat.
const rssPerK = ((big.rssMiB - small.rssMiB) / (big.calls - small.calls)) * 1000;
console.log(
  `extra memory per 1,000 calls (4,000 vs 40 runs): ${rssPerK.toFixed(2)} MiB; ` +
    `time per call 4,000 vs 400 runs: ${((big.runS / big.calls / (figures[1].runS / figures[1].calls)) * 100).toFixed(0)}%`,
);
console.log(
  `sequential schema suite: ${rate.toFixed(0)} validated exchanges/s (median of ${REPEAT}; goal >= ${GOAL}/s: ` +
    `${rate >= GOAL ? "met" : "MISSED"}); ${runRate.toFixed(0)}/s over the whole 4,000-run run, start-up and ` +
    `reports included; loadavg ${load()}`,
);
process.exitCode = failedRuns === 0 ? 0 : 1;
