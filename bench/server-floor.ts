/**
 * The reference server against its floor (issue 12 §6): `GET /v1/entities/{id}` on the reference server
 * and on a bare `node:http` server that sends the very same bytes (status, headers and body captured from
 * the reference server once), side by side. autocannon on loopback, 10 connections, interleaved rounds
 * (reference, bare, reference, …) so that the load of this shared machine falls on both alike; the figure
 * is the median of the per-round ratios. Target >= 0.85×. Each server runs in its own child process.
 * `wrk` is used instead of autocannon when it is installed (`which wrk`). autocannon runs in this process, on
 * the same 2 cores: near the bare server's rate it is itself the bottleneck, which pulls the ratio toward 1
 * (wrk, in C, does not). Hence a second figure that neither the load generator nor the machine's other load
 * can blur: each server's own CPU time per request (its process's user + system time over the requests it
 * answered); the inverse ratio of those is the throughput ratio of two servers that are each the bottleneck.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 10;
const TARGET = 0.85;

interface Ready {
  url: string;
  key?: string;
}

/** Answers each line on stdin with the process's CPU time so far (µs), on stdout. */
function reportCpu(): void {
  createInterface({ input: process.stdin }).on("line", () => {
    const { user, system } = process.cpuUsage();
    process.stdout.write(`${user + system}\n`);
  });
}

/** The reference server, limits lifted: the build (`npm run build`) when there is one, as shipped. */
async function reference(): Promise<void> {
  const built = new URL("../dist/server/index.js", import.meta.url);
  const { startServer } = (await import(
    existsSync(built) ? built.href : "../src/server/index.js"
  )) as typeof import("../src/server/index.js");
  const server = await startServer({
    rateLimit: 1e12,
    rateWindowMs: 1000,
    callsPerDay: 1e12,
    recordsPerDay: 1e15,
  });
  const id = server.fixtures.org_ids[0];
  const ready: Ready = { url: `${server.url}/entities/${encodeURIComponent(id)}`, key: server.keys.plus };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  reportCpu();
}

/** A bare node:http server answering every request with the captured response. */
async function bare(captured: string): Promise<void> {
  const { status, headers, body } = JSON.parse(captured) as {
    status: number;
    headers: Record<string, string>;
    body: string;
  };
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(status, headers);
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}/` })}\n`);
  reportCpu();
}

interface Child {
  proc: ChildProcess;
  ready: Ready;
  /** The child's CPU time so far, in µs. */
  cpu(): Promise<number>;
}

function spawnChild(args: string[]): Promise<Child> {
  const proc = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: proc.stdout! });
  const cpu = () =>
    new Promise<number>((resolve) => {
      lines.once("line", (line) => resolve(Number(line)));
      proc.stdin!.write("cpu\n");
    });
  return new Promise((resolve, reject) => {
    lines.once("line", (line) => resolve({ proc, ready: JSON.parse(line) as Ready, cpu }));
    proc.once("exit", (code) => reject(new Error(`child exited with ${code}`)));
  });
}

function hasWrk(): boolean {
  return spawnSync("which", ["wrk"]).status === 0;
}

/** Requests per second on `child`, and the child's CPU µs per request over the same round. */
async function round(child: Child, headers: Record<string, string>): Promise<{ rps: number; cpuUs: number }> {
  const url = child.ready.url;
  const before = await child.cpu();
  let rps: number;
  let total: number;
  if (hasWrk()) {
    const args = ["-t1", `-c${CONNECTIONS}`, `-d${SECONDS}s`, url];
    for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
    const out = spawnSync("wrk", args, { encoding: "utf8" }).stdout;
    rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 1);
  } else {
    const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
    if (r.non2xx + r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rps = r.requests.average;
    total = r.requests.total;
  }
  return { rps, cpuUs: ((await child.cpu()) - before) / total };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const ref = await spawnChild(["--reference"]);
  const headers = { authorization: `Bearer ${ref.ready.key}`, accept: "application/json" };
  const res = await fetch(ref.ready.url, { headers });
  const captured = {
    status: res.status,
    headers: Object.fromEntries(
      [...res.headers].filter(([k]) => !["date", "connection", "keep-alive"].includes(k)),
    ),
    body: await res.text(),
  };
  const floor = await spawnChild(["--bare", JSON.stringify(captured)]);
  const tool = hasWrk() ? "wrk" : "autocannon";
  console.log(
    `GET /v1/entities/{id} (${captured.body.length} bytes), ${tool}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, interleaved (${cpus().length} cores, load ${loadavg()[0].toFixed(1)}):`,
  );
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    const r = await round(ref, headers);
    const b = await round(floor, headers);
    ratios.push(r.rps / b.rps);
    cpuRatios.push(b.cpuUs / r.cpuUs);
    console.log(
      `  round ${i}: reference ${r.rps.toFixed(0)} req/s ${r.cpuUs.toFixed(1)} µs CPU/req, ` +
        `bare ${b.rps.toFixed(0)} req/s ${b.cpuUs.toFixed(1)} µs CPU/req; ratios ${(r.rps / b.rps).toFixed(2)} / ${(b.cpuUs / r.cpuUs).toFixed(2)}`,
    );
  }
  ref.proc.kill("SIGTERM");
  floor.proc.kill("SIGTERM");
  const m = median(ratios);
  const c = median(cpuRatios);
  console.log(
    `median throughput ratio ${m.toFixed(2)}× (${tool}; target >= ${TARGET}×: ${m >= TARGET ? "met" : "MISSED"})`,
  );
  console.log(
    `median CPU-per-request ratio (bare / reference) ${c.toFixed(2)}× (target >= ${TARGET}×: ${c >= TARGET ? "met" : "MISSED"})`,
  );
  process.exitCode = m >= TARGET && c >= TARGET ? 0 : 1;
}

if (process.argv[2] === "--reference") await reference();
else if (process.argv[2] === "--bare") await bare(process.argv[3]);
else await main();
