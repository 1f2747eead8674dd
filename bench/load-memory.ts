/**
 * Memory of `cbcheck load`: runs the real command (the built `dist/cli/main.js`, rebuilt first) as a child
 * process and samples its resident set every 50 ms from /proc (Linux), with the embedded server's child
 * process counted apart.
 *   1. the default run (every built-in profile, embedded target): peak RSS, target ≤ 300 MiB, and the
 *      per-profile peaks the load report itself records;
 *   2. each of some profiles for 60 s with its call cap lifted (default batch-limits, the one with 2 MiB
 *      bodies, and latency): RSS of the first and the last 10 s of the measured phase, which must be flat
 *      (not growing with duration).
 * Usage: npm run bench -- load-memory   (BENCH_MEMORY_SECONDS=60, BENCH_MEMORY_PROFILES=batch-limits,latency;
 * BENCH_MEMORY_CLI=/other/checkout/dist/cli/main.js measures another build, e.g. before a change)
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { LoadDetails } from "../src/load/build-report.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const seconds = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const longProfiles = (process.env.BENCH_MEMORY_PROFILES ?? "batch-limits,latency").split(",").filter(Boolean);
const TARGET_MIB = 300;
/** The command to measure: this checkout's build, or another one's (to compare before and after). */
const cli = process.env.BENCH_MEMORY_CLI ?? join(root, "dist/cli/main.js");

interface Sample {
  at: number;
  rssMiB: number;
  serverMiB: number;
}

interface Outcome {
  samples: Sample[];
  /** When each stdout line arrived (ms since start). */
  lines: { at: number; text: string }[];
  exitCode: number | null;
  details?: LoadDetails;
}

function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)/.exec(status);
    return kb ? Number(kb[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Runs `cbcheck load <args>` and samples its RSS until it exits. */
function runLoad(args: string[]): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), "cbcheck-bench-memory-"));
  const started = performance.now();
  const child = spawn(process.execPath, [cli, "load", "--report-dir", dir, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const samples: Sample[] = [];
  const lines: Outcome["lines"] = [];
  let buffered = "";
  // Progress lines go to stderr, the summary to stdout: both are timed.
  const onData = (d: Buffer) => {
    buffered += d.toString();
    const parts = buffered.split("\n");
    buffered = parts.pop() ?? "";
    for (const text of parts) lines.push({ at: performance.now() - started, text });
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const sampler = setInterval(() => {
    const pid = child.pid;
    if (pid === undefined) return;
    const serverMiB = childPids(pid).reduce((n, c) => n + rssMiB(c), 0);
    samples.push({ at: performance.now() - started, rssMiB: rssMiB(pid), serverMiB });
  }, 50);
  return new Promise((resolve) => {
    child.on("exit", (exitCode) => {
      clearInterval(sampler);
      let details: LoadDetails | undefined;
      try {
        details = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")).details?.load;
      } catch {
        details = undefined;
      }
      resolve({ samples, lines, exitCode, details });
    });
  });
}

const max = (xs: number[]) => xs.reduce((a, b) => Math.max(a, b), 0);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
const mib = (v: number) => `${v.toFixed(0)} MiB`;

console.log(
  `machine load (1/5/15 min): ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
if (process.env.BENCH_MEMORY_CLI) {
  console.log(`measuring ${cli} (not rebuilt)`);
} else {
  console.log("building dist/ (the command runs as users run it) …");
  execFileSync(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
}

/** When a profile ran: from its first progress line to its tally ("<name>: N calls, …"). */
function profileSpan(run: Outcome, name: string): { start: number; end: number } | undefined {
  const start = run.lines.find((l) => l.text.startsWith(`${name}: `))?.at;
  const end = run.lines.find((l) => l.text.startsWith(`${name}: `) && / calls, /.test(l.text))?.at;
  return start === undefined || end === undefined ? undefined : { start, end };
}

console.log("\n1. default `cbcheck load` (every built-in profile, embedded target)");
const full = await runLoad([]);
const peak = max(full.samples.map((s) => s.rssMiB));
console.log(
  `   exit ${full.exitCode}; sampled peak RSS of cbcheck: ${mib(peak)} (target ≤ ${TARGET_MIB} MiB: ${peak <= TARGET_MIB ? "met" : "NOT met"})`,
);
console.log(`   embedded server child: peak ${mib(max(full.samples.map((s) => s.serverMiB)))}`);
for (const name of ["latency", "rate-limit", "batch-limits"]) {
  const span = profileSpan(full, name);
  const sampled = span
    ? max(full.samples.filter((s) => s.at >= span.start && s.at <= span.end).map((s) => s.rssMiB))
    : Number.NaN;
  const reported = full.details?.profiles.find((p) => p.name === name)?.peakRssMiB;
  console.log(
    `   ${name.padEnd(13)} sampled peak ${mib(sampled)}; in the report: ${reported === undefined ? "n/a" : mib(reported)}`,
  );
}
console.log(`   report: whole run peak ${full.details ? mib(full.details.peakRssMiB) : "n/a"}`);

/** A built-in profile with its call cap lifted, so that it runs for the whole duration. */
function uncapped(profile: string): string {
  const json = JSON.parse(readFileSync(join(root, "suites/load", `${profile}.json`), "utf8"));
  json.$schema = join(root, "schemas/load-profile.schema.json");
  json.caps = { maxCalls: 10_000_000, maxSeconds: seconds };
  const path = join(mkdtempSync(join(tmpdir(), "cbcheck-bench-profile-")), `${profile}.json`);
  writeFileSync(path, JSON.stringify(json));
  return path;
}

for (const profile of longProfiles) {
  console.log(`\n2. \`cbcheck load --profile ${profile} --duration ${seconds}\` (call cap lifted)`);
  const args = ["--profile", uncapped(profile), "--duration", String(seconds), "--max-calls", "10000000"];
  const run = await runLoad(args);
  // The measured phase starts at the plan line ("N connections, …") and ends at the profile's tally.
  const start = run.lines.find(
    (l) => l.text.startsWith(`${profile}: `) && l.text.includes("connections"),
  )?.at;
  const end = profileSpan(run, profile)?.end;
  if (start === undefined || end === undefined) {
    console.log(`   exit ${run.exitCode}: could not find the measured phase in the output`);
    continue;
  }
  const window = (from: number, to: number) =>
    run.samples.filter((s) => s.at >= from && s.at < to).map((s) => s.rssMiB);
  const first = window(start, start + 10_000);
  const last = window(end - 10_000, end);
  const growth = mean(last) - mean(first);
  console.log(
    `   exit ${run.exitCode}; measured phase ${((end - start) / 1000).toFixed(1)} s, peak ${mib(max(window(start, end)))}`,
  );
  console.log(`   first 10 s: mean ${mib(mean(first))}, max ${mib(max(first))}`);
  console.log(`   last 10 s:  mean ${mib(mean(last))}, max ${mib(max(last))}`);
  console.log(
    `   growth of the mean: ${growth >= 0 ? "+" : ""}${growth.toFixed(1)} MiB (${((growth / mean(first)) * 100).toFixed(1)} %)`,
  );
  // Flat means a plateau: no 10 s window keeps climbing over the one before.
  const windows: string[] = [];
  for (let from = start; from + 10_000 <= end + 1; from += 10_000)
    windows.push(mib(mean(window(from, from + 10_000))));
  console.log(`   mean of each 10 s: ${windows.join(", ")}`);
}
console.log(
  `\nmachine load (1/5/15 min): ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
