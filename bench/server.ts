/**
 * Reference-server benchmark: autocannon on loopback against a server in its own child process
 * (rate limits raised), plus start time and RSS at 1,000,000 organisations.
 * Run: `npm run bench -- server` (or `node --import tsx bench/server.ts`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { EXTENSION_NAMES } from "../src/contract/vocabulary.js";
import { startServer } from "../src/server/index.js";

interface Ready {
  url: string;
  key: string;
  orgIds: string[];
  startMs: number;
  rssMb: number;
}

async function child(orgs: number): Promise<void> {
  const t0 = performance.now();
  const server = await startServer({
    orgs,
    rateLimit: 1e12,
    rateWindowMs: 1000,
    callsPerDay: 1e12,
    recordsPerDay: 1e15,
  });
  const startMs = performance.now() - t0;
  const ready: Ready = {
    url: server.url,
    key: server.keys.plus,
    orgIds: server.fixtures.org_ids,
    startMs,
    rssMb: process.memoryUsage().rss / 2 ** 20,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  process.on("SIGTERM", () => server.close().then(() => process.exit(0)));
}

function spawnChild(orgs: number): Promise<{ proc: ChildProcess; ready: Ready; wallMs: number }> {
  const t0 = performance.now();
  const proc = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), "--child", String(orgs)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: proc.stdout! });
    lines.once("line", (line) =>
      resolve({ proc, ready: JSON.parse(line) as Ready, wallMs: performance.now() - t0 }),
    );
    proc.once("exit", (code) => reject(new Error(`server child exited with ${code}`)));
  });
}

async function orgIdsFor(ready: Ready, n: number): Promise<string[]> {
  const res = await fetch(`${ready.url}/search`, {
    method: "POST",
    headers: { authorization: `Bearer ${ready.key}`, "content-type": "application/json" },
    body: JSON.stringify({ limit: n }),
  });
  const body = (await res.json()) as { entities: string[] };
  return [...new Set([...body.entities, ...ready.orgIds])].slice(0, n);
}

async function measure(name: string, opts: autocannon.Options): Promise<string[]> {
  const r = await autocannon({ connections: 16, duration: Number(process.env.BENCH_SECONDS ?? 8), ...opts });
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) process.stderr.write(`${name}: ${JSON.stringify(r.statusCodeStats)} errors ${r.errors}\n`);
  return [name, r.requests.average.toFixed(0), String(r.latency.p50), String(r.latency.p99), String(bad)];
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  "))
    .join("\n");
}

async function main(): Promise<void> {
  const small = await spawnChild(2000);
  const { ready } = small;
  const auth = { authorization: `Bearer ${ready.key}` };
  const ids = await orgIdsFor(ready, 50);
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const rows = [
    [`operation (2,000 orgs, 16 connections, ${seconds} s)`, "req/s", "p50 ms", "p99 ms", "non-2xx"],
  ];
  rows.push(
    await measure("GET /v1/entities/{id}", {
      url: `${ready.url}/entities/${encodeURIComponent(ids[0])}`,
      headers: auth,
    }),
  );
  rows.push(
    await measure("POST /v1/entities/batch (50 ids, 4 extensions)", {
      url: `${ready.url}/entities/batch`,
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        ids,
        extend: EXTENSION_NAMES,
      }),
    }),
  );
  rows.push(
    await measure("GET /v1/resolve", { url: `${ready.url}/resolve?query=Bergvoll&limit=10`, headers: auth }),
  );
  small.proc.kill("SIGTERM");
  process.stdout.write(`${table(rows)}\n`);
  // Figures on a shared machine mean little without the load they were taken under.
  process.stdout.write(
    `(${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}; server and autocannon in separate processes)\n\n`,
  );
  const big = await spawnChild(1_000_000);
  big.proc.kill("SIGTERM");
  const start = [
    ["server at 1,000,000 organisations", "value"],
    ["startServer() time", `${big.ready.startMs.toFixed(0)} ms`],
    ["spawn to ready (incl. node + tsx)", `${big.wallMs.toFixed(0)} ms`],
    ["RSS after start", `${big.ready.rssMb.toFixed(0)} MiB`],
  ];
  process.stdout.write(`${table(start)}\n`);
}

if (process.argv[2] === "--child") await child(Number(process.argv[3]));
else await main();
