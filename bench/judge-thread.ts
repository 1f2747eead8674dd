/**
 * Where the judging worker pays (issue 14.2): per body size, the time to judge a response in the main
 * thread (`judgeExchange`) and on a warm judging worker (`JudgeThread`: encode, transfer, decode, parse,
 * judge, clone the verdicts back), and what starting a worker costs. Bodies over `JUDGE_IN_THREAD_CHARS`
 * go to the worker in `run` and `validate`; this shows the threshold costs little above it and would cost
 * a share of every small response below it. Trusted figure: CPU ms (process.cpuUsage, both threads).
 * Usage: npx tsx bench/judge-thread.ts
 */
import { loadavg } from "node:os";
import { JUDGE_IN_THREAD_CHARS, JudgeThread } from "../src/checks/judge-thread/judge-thread.js";
import {
  exchangeWith,
  invalidResolveBody,
  manyKeysBody,
  validResolveBody,
} from "../src/checks/judge-thread/test-support/bodies.js";
import { judgeExchange } from "../src/checks/run-checks.js";

/** Bodies by name, built to about `kib` KiB. */
const BODIES: Record<string, (kib: number) => string> = {
  "valid resolve (long warnings)": (kib) => validResolveBody(kib),
  "invalid resolve candidates": (kib) => invalidResolveBody(Math.max(1, Math.round((kib * 1024) / 70))),
  "one object, many keys": (kib) => manyKeysBody(Math.round((kib * 1024) / 10)),
};
const SIZES_KIB = (process.env.BENCH_JUDGE_SIZES ?? "16,64,256,1024,4096").split(",").map(Number);

function timed<T>(f: () => T): { value: T; wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const value = f();
  const used = process.cpuUsage(cpu);
  return { value, wallMs: performance.now() - t0, cpuMs: (used.user + used.system) / 1000 };
}

async function timedAsync<T>(f: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const value = await f();
  const used = process.cpuUsage(cpu);
  return { value, wallMs: performance.now() - t0, cpuMs: (used.user + used.system) / 1000 };
}

const la = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
process.stdout.write(`loadavg ${la()}; in-thread threshold ${JUDGE_IN_THREAD_CHARS / 1024} KiB\n`);
const thread = new JudgeThread();
const warm = exchangeWith(validResolveBody(300));
judgeExchange(warm);
const start = await timedAsync(() => thread.judgeExchange(warm, undefined));
process.stdout.write(
  `worker start + first job: ${start.wallMs.toFixed(0)} ms wall, ${start.cpuMs.toFixed(0)} ms CPU\n\n`,
);
const head = [
  "body",
  "KiB",
  "main wall ms",
  "worker wall ms",
  "main CPU ms",
  "worker CPU ms",
  "same verdicts",
];
process.stdout.write(`| ${head.join(" | ")} |\n|${head.map(() => "---").join("|")}|\n`);
for (const [name, build] of Object.entries(BODIES))
  for (const kib of SIZES_KIB) {
    const exchange = exchangeWith(build(kib));
    const main = timed(() => judgeExchange(exchange));
    const worker = await timedAsync(() => thread.judgeExchange(exchange, undefined));
    const same = JSON.stringify(main.value) === JSON.stringify(worker.value);
    const size = ((exchange.response?.bodyText.length ?? 0) / 1024).toFixed(0);
    const cells = [name, size, main.wallMs, worker.wallMs, main.cpuMs, worker.cpuMs].map((c) =>
      typeof c === "number" ? c.toFixed(1) : c,
    );
    process.stdout.write(`| ${cells.join(" | ")} | ${same ? "yes" : "NO"} |\n`);
  }
await thread.close();
process.stdout.write(`\nloadavg ${la()}\n`);
