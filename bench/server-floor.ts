/**
 * The reference server against its floor (issue 12 §6): `GET /v1/entities/{id}` on the reference server
 * and on a bare `node:http` server that sends the very same bytes (status, headers and body captured from
 * the reference server once), side by side. autocannon on loopback, 10 connections, interleaved rounds
 * (reference, bare, reference, …) so that the load of this shared machine falls on both alike; the figure
 * is the median of the per-round ratios. Target >= 0.85×. Each server runs in its own child process.
 * `wrk` is used instead of autocannon when it is installed (`which wrk`). autocannon runs in this process, on
 * the same 2 cores: near the bare server's rate it is itself the bottleneck, which pulls the ratio toward 1
 * (wrk, in C, does not), so an autocannon figure is an upper bound of the true ratio.
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
}

function spawnChild(args: string[]): Promise<{ proc: ChildProcess; ready: Ready }> {
  const proc = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: proc.stdout! }).once("line", (line) =>
      resolve({ proc, ready: JSON.parse(line) as Ready }),
    );
    proc.once("exit", (code) => reject(new Error(`child exited with ${code}`)));
  });
}

function hasWrk(): boolean {
  return spawnSync("which", ["wrk"]).status === 0;
}

async function requestsPerSecond(url: string, headers: Record<string, string>): Promise<number> {
  if (hasWrk()) {
    const args = ["-t1", `-c${CONNECTIONS}`, `-d${SECONDS}s`, url];
    for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
    const out = spawnSync("wrk", args, { encoding: "utf8" }).stdout;
    return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  }
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  if (r.non2xx + r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.average;
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
  for (let round = 1; round <= ROUNDS; round++) {
    const r = await requestsPerSecond(ref.ready.url, headers);
    const b = await requestsPerSecond(floor.ready.url, headers);
    ratios.push(r / b);
    console.log(
      `  round ${round}: reference ${r.toFixed(0)} req/s, bare ${b.toFixed(0)} req/s, ratio ${(r / b).toFixed(2)}`,
    );
  }
  ref.proc.kill("SIGTERM");
  floor.proc.kill("SIGTERM");
  const m = median(ratios);
  console.log(`median ratio ${m.toFixed(2)}× (target >= ${TARGET}×: ${m >= TARGET ? "met" : "MISSED"})`);
  process.exitCode = m >= TARGET ? 0 : 1;
}

if (process.argv[2] === "--reference") await reference();
else if (process.argv[2] === "--bare") await bare(process.argv[3]);
else await main();
