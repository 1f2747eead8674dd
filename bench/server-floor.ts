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
 * A first pair of rounds warms both servers up (JIT, caches) and is not counted; the machine's load average
 * is printed with every round, since a shared machine blurs the wall-clock figures (not the CPU ones).
 * `BENCH_ROUNDS` (default 5, at least 5 for the target's verdict) and `BENCH_SECONDS` (default 4) tune it.
 * The reference server runs as built (dist/), rebuilt first when the build is older than its sources.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 10;
const TARGET = 0.85;

interface Ready {
  url: string;
  key?: string;
}

/** Answers each line on stdin with the process's CPU time so far (user and system µs), on stdout. */
function reportCpu(): void {
  createInterface({ input: process.stdin }).on("line", () => {
    const { user, system } = process.cpuUsage();
    process.stdout.write(`${user} ${system}\n`);
  });
}

const BUILT = fileURLToPath(new URL("../dist/server/index.js", import.meta.url));

/** Newest modification time (ms) of the source files (not tests) under `dir`, or directly in it. */
function newestMtime(dir: string, recursive: boolean): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts") || entry.name.endsWith(".test.ts")) continue;
    newest = Math.max(newest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
  }
  return newest;
}

/**
 * The figure is about the shipped code: the reference child runs the build, built first when it is missing
 * or older than the server's sources (a stale build would measure old code; the sources through tsx carry
 * its per-closure `__name` wrappers, which the build does not).
 */
function ensureBuild(): void {
  const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  const newest = Math.max(newestMtime(src("../src/server"), true), newestMtime(src("../src"), false));
  if (existsSync(BUILT) && statSync(BUILT).mtimeMs >= newest) return;
  console.log("dist/ is missing or older than src/server: npm run build");
  const build = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) {
    console.error("npm run build failed: the benchmark needs the built server (dist/)");
    process.exit(2);
  }
}

/** The reference server as shipped (dist/, see `ensureBuild`), limits lifted. */
async function reference(): Promise<void> {
  const { startServer } = (await import(
    pathToFileURL(BUILT).href
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
  cpu(): Promise<{ user: number; system: number }>;
}

function spawnChild(args: string[]): Promise<Child> {
  const proc = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: proc.stdout! });
  const cpu = () =>
    new Promise<{ user: number; system: number }>((resolve) => {
      lines.once("line", (line) => {
        const [user, system] = line.split(" ").map(Number);
        resolve({ user, system });
      });
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

/** One round on one server: requests per second, and the server's CPU µs per request (total, user, system). */
interface RoundResult {
  rps: number;
  cpuUs: number;
  userUs: number;
  systemUs: number;
}

/** Requests per second on `child`, and the child's CPU µs per request over the same round. */
async function round(child: Child, headers: Record<string, string>): Promise<RoundResult> {
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
  const after = await child.cpu();
  const userUs = (after.user - before.user) / total;
  const systemUs = (after.system - before.system) / total;
  return { rps, cpuUs: userUs + systemUs, userUs, systemUs };
}

const describe = (r: RoundResult) =>
  `${r.rps.toFixed(0)} req/s ${r.cpuUs.toFixed(1)} µs CPU/req (${r.userUs.toFixed(1)} user + ${r.systemUs.toFixed(1)} sys)`;
const load = () => loadavg()[0].toFixed(1);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  ensureBuild();
  const ref = await spawnChild(["--reference"]);
  // Identity on both sides: fetch would ask for gzip, and the bare server must replay the very bytes.
  const headers = {
    authorization: `Bearer ${ref.ready.key}`,
    accept: "application/json",
    "accept-encoding": "identity",
  };
  const res = await fetch(ref.ready.url, { headers });
  if (res.headers.has("content-encoding")) throw new Error("the captured response is content-coded");
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
    `GET /v1/entities/{id} (${Buffer.byteLength(captured.body)} bytes), ${tool}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each after a warm-up round, interleaved (${cpus().length} cores, load ${load()}); reference server from dist/:`,
  );
  const warmRef = await round(ref, headers);
  const warmBare = await round(floor, headers);
  console.log(
    `  warm-up (not counted): reference ${describe(warmRef)}; bare ${describe(warmBare)}; load ${load()}`,
  );
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const refs: RoundResult[] = [];
  const bares: RoundResult[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    const r = await round(ref, headers);
    const b = await round(floor, headers);
    refs.push(r);
    bares.push(b);
    ratios.push(r.rps / b.rps);
    cpuRatios.push(b.cpuUs / r.cpuUs);
    console.log(
      `  round ${i}: reference ${describe(r)}; bare ${describe(b)}; ` +
        `ratios ${(r.rps / b.rps).toFixed(2)} / ${(b.cpuUs / r.cpuUs).toFixed(2)}; load ${load()}`,
    );
  }
  ref.proc.kill("SIGTERM");
  floor.proc.kill("SIGTERM");
  const m = median(ratios);
  const c = median(cpuRatios);
  const enough = ROUNDS >= 5;
  const verdict = (x: number) => (!enough ? "too few rounds to judge" : x >= TARGET ? "met" : "MISSED");
  console.log(
    `medians: reference ${median(refs.map((r) => r.rps)).toFixed(0)} req/s ${median(refs.map((r) => r.cpuUs)).toFixed(1)} µs CPU/req, ` +
      `bare ${median(bares.map((r) => r.rps)).toFixed(0)} req/s ${median(bares.map((r) => r.cpuUs)).toFixed(1)} µs CPU/req (load ${loadavg()
        .map((x) => x.toFixed(1))
        .join(" ")})`,
  );
  console.log(`median throughput ratio ${m.toFixed(2)}× (${tool}; target >= ${TARGET}×: ${verdict(m)})`);
  console.log(
    `median CPU-per-request ratio (bare / reference) ${c.toFixed(2)}× (target >= ${TARGET}×: ${verdict(c)})`,
  );
  process.exitCode = enough && m >= TARGET && c >= TARGET ? 0 : 1;
}

if (process.argv[2] === "--reference") await reference();
else if (process.argv[2] === "--bare") await bare(process.argv[3]);
else await main();
