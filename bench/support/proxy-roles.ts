/**
 * The child processes of bench/proxy.ts, one role each, so that no two share an event loop or a core's time
 * slice: the reference server (limits lifted), the judged proxy (`cbcheck proxy` with validation on), the plain
 * forwarder (the same forwarder and HTTP stack, nothing copied or judged), and the open-model load generator.
 * Each prints one JSON line when ready; the servers then answer each stdin line with their CPU time so far (µs).
 */
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import * as hdr from "hdr-histogram-js";
import { pacedLoad } from "./paced-load.js";

/** What a server child prints once listening. */
export interface RoleReady {
  /** Origin (proxies) or base URL (reference server) to call. */
  url: string;
  key?: string;
  path?: string;
}

/** A proxy's own time per exchange over a phase (ms). */
export interface HopFigures {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** A server child's answer to a stdin line. */
export interface CpuLine {
  cpuUs: number;
  mainUs: number;
  hop: HopFigures;
}

/** The main thread's CPU time so far (µs; Linux only, in clock ticks of 10 ms), or NaN elsewhere. */
function mainThreadUs(): number {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

/**
 * The proxy's own time per answered exchange (µs): request in to handed to the target's connection, plus the
 * target's headers in to the client's answer ended. What the hop costs inside the process, without the
 * kernel, the scheduler and the other processes that the load generator's latency also holds.
 */
const hop = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000 });
const onHop = (requestMs: number, responseMs: number) =>
  hop.recordValue(Math.max(1, Math.round((requestMs + responseMs) * 1000)));

/** The proxy's own time since the last report, in ms (then starts over). */
function hopSince(): HopFigures {
  const figures = {
    count: hop.totalCount,
    p50: hop.getValueAtPercentile(50) / 1000,
    p99: hop.getValueAtPercentile(99) / 1000,
    max: hop.maxValue / 1000,
  };
  hop.reset();
  return figures;
}

/**
 * Answers each stdin line with this process's CPU time so far (µs: all threads, and the main one) and, for a
 * proxy, its own time per exchange since the previous line, on stdout.
 */
function reportCpu(): void {
  createInterface({ input: process.stdin }).on("line", () => {
    const { user, system } = process.cpuUsage();
    const line: CpuLine = { cpuUs: user + system, mainUs: mainThreadUs(), hop: hopSince() };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  });
}

const ready = (r: RoleReady) => process.stdout.write(`${JSON.stringify(r)}\n`);

async function reference(): Promise<void> {
  const { startServer } = await import("../../src/server/index.js");
  const server = await startServer({
    rateLimit: 1e12,
    rateWindowMs: 1000,
    callsPerDay: 1e12,
    recordsPerDay: 1e15,
  });
  const path = `/v1/entities/${encodeURIComponent(server.fixtures.org_ids[0])}`;
  ready({ url: new URL(server.url).origin, key: server.keys.plus, path });
  reportCpu();
}

async function plain(target: string): Promise<void> {
  const { startForwarder } = await import("../../src/proxy/forward.js");
  const f = await startForwarder({
    origin: target,
    host: "127.0.0.1",
    port: 0,
    timeoutMs: 30_000,
    maxBodyBytes: 16 * 1024 * 1024,
    onHop,
  });
  ready({ url: f.origin });
  reportCpu();
  process.once("SIGTERM", () => f.close().then(() => process.exit(0)));
}

async function judged(target: string): Promise<void> {
  const { runProxy } = await import("../../src/proxy/run-proxy.js");
  const abort = new AbortController();
  process.once("SIGTERM", () => abort.abort());
  const result = await runProxy(
    {
      target: `${target}/v1`,
      listen: "127.0.0.1:0",
      timeoutMs: 30_000,
      maxBodyBytes: 16 * 1024 * 1024,
      onHop,
    },
    {
      signal: abort.signal,
      onListening: (url) => {
        ready({ url: new URL(url).origin });
        reportCpu();
      },
    },
  );
  // The session's own account: exchanges judged, and any left unjudged because judging fell behind.
  const { summary, notes, verdict } = result.report;
  process.stdout.write(`${JSON.stringify({ final: { calls: summary.calls, verdict, notes } })}\n`);
  process.exit(0);
}

async function load(origin: string, rate: number, seconds: number): Promise<void> {
  const r = await pacedLoad({
    origin,
    path: process.env.CB_BENCH_PATH ?? "/",
    key: process.env.CB_BENCH_KEY,
    rate,
    seconds,
  });
  process.stdout.write(`${JSON.stringify(r)}\n`);
  process.exit(0);
}

/** Runs the role named in argv (`--reference`, `--plain T`, `--judged T`, `--load ORIGIN RATE SECONDS`). */
export async function runRole(argv: string[]): Promise<boolean> {
  const [role, a, b, c] = argv;
  if (role === "--reference") await reference();
  else if (role === "--plain") await plain(a);
  else if (role === "--judged") await judged(a);
  else if (role === "--load") await load(a, Number(b), Number(c));
  else return false;
  return true;
}
