/**
 * `cbcheck proxy` against a client that ignores `Retry-After` (issue 26 §8): a loopback target answers every
 * call 429 with `Retry-After: 1` (a key past its daily limit), and autocannon hammers it through the proxy with
 * 10 connections at up to 5,000 calls/s for 60 s. Every call after the first 429 breaks
 * `client.wait_retry_after`. Goal: the proxy holds the rate with flat memory, judging every exchange (one
 * finding per exchange, live lines rate-limited), and a SIGTERM sent while the client still hammers writes the
 * report within 2 s.
 * Three processes: the target, the proxy (its RSS sampled at 10, 30 and 60 s), and this one driving autocannon.
 * `npx tsx bench/proxy-hostile.ts` — env BENCH_SECONDS (default 60), BENCH_RATE (default 5000).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";
import { loadavg } from "node:os";
import { createInterface, type Interface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 5000);
const CONNECTIONS = 10;
const SAMPLES = [10, 30, 60].filter((s) => s <= SECONDS);
const ENTRY = fileURLToPath(import.meta.url);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** The target role: every call is a 429 with `Retry-After: 1`, as for a key past its limit. */
function target(): void {
  const body = JSON.stringify({ error: { code: "volume_limit" } });
  const server = createServer((_req, res) => {
    res.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
    res.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/v1` })}\n`);
  });
}

/** The proxy role: a session in front of `base`; stdin lines ask for its RSS; SIGTERM ends it. */
async function proxy(base: string): Promise<void> {
  const { runProxy } = await import("../src/proxy/run-proxy.js");
  const abort = new AbortController();
  let stoppedAt = 0;
  process.once("SIGTERM", () => {
    stoppedAt = performance.now();
    abort.abort();
  });
  let lines = 0;
  let lineBytes = 0;
  const result = await runProxy(
    { target: base, listen: "127.0.0.1:0", timeoutMs: 30_000, maxBodyBytes: 16 * 1024 * 1024 },
    {
      signal: abort.signal,
      onListening: (url) => {
        process.stdout.write(`${JSON.stringify({ url })}\n`);
        createInterface({ input: process.stdin }).on("line", () =>
          process.stdout.write(`${JSON.stringify({ rssMiB: process.memoryUsage().rss / 2 ** 20 })}\n`),
        );
      },
      onViolation: (line) => {
        lines++;
        lineBytes += line.length + 1;
      },
    },
  );
  const { report } = result;
  const row = report.results.find((r) => r.id === "client.wait_retry_after");
  const final = {
    stopToReportMs: performance.now() - stoppedAt,
    verdict: report.verdict,
    calls: report.summary.calls,
    findings: row?.exchanges ?? 0,
    unjudged: report.results.find((r) => r.id === "harness.judging_unfinished")?.message ?? "none",
    notes: report.notes,
    lines,
    lineBytes,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`${JSON.stringify({ final })}\n`);
  process.exit(0);
}

function child(args: string[]): { proc: ChildProcess; lines: Interface } {
  const proc = spawn(process.execPath, ["--import", "tsx", ENTRY, ...args], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  return { proc, lines: createInterface({ input: proc.stdout! }) };
}

function nextLine(lines: Interface): Promise<Record<string, unknown>> {
  return new Promise((resolve) => lines.once("line", (line) => resolve(JSON.parse(line))));
}

async function main(): Promise<void> {
  const t = child(["--target"]);
  const targetUrl = String((await nextLine(t.lines)).url);
  const p = child(["--proxy", targetUrl]);
  const proxyUrl = String((await nextLine(p.lines)).url);
  console.log(
    `bench/proxy-hostile: ${CONNECTIONS} connections at up to ${RATE} calls/s for ${SECONDS} s through the proxy to a target answering 429 (Retry-After: 1); loadavg ${load()}`,
  );
  const rss: string[] = [];
  const startedAt = performance.now();
  const timers = SAMPLES.map((s) =>
    setTimeout(
      async () => {
        const sample = nextLine(p.lines);
        p.proc.stdin!.write("rss\n");
        rss.push(`${s} s: ${Math.round(Number((await sample).rssMiB))} MiB`);
      },
      s * 1000 - 200,
    ),
  );
  // The client keeps hammering past the stop: SIGTERM comes while calls still arrive.
  let counted = { total: 0, non2xx: 0 };
  const hammer = autocannon(
    {
      url: `${proxyUrl}/resolve?query=Acme`,
      headers: { authorization: "Bearer cbk_bench_ignores_retry_after" },
      connections: CONNECTIONS,
      overallRate: RATE,
      duration: SECONDS + 5,
    },
    () => undefined,
  );
  hammer.on("response", () => {
    counted.total++;
  });
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const elapsed = (performance.now() - startedAt) / 1000;
  counted = { ...counted };
  const finalLine = nextLine(p.lines);
  p.proc.kill("SIGTERM");
  const final = (await finalLine).final as Record<string, unknown>;
  hammer.stop();
  for (const timer of timers) clearTimeout(timer);
  t.proc.kill("SIGTERM");
  console.log(
    `  rate: ${Math.round(counted.total / elapsed)} exchanges/s answered to the client (${counted.total} in ${elapsed.toFixed(1)} s)`,
  );
  console.log(
    `  RSS of the proxy process: ${rss.join(", ")}; peak ${Math.round(Number(final.peakRssMiB))} MiB`,
  );
  console.log(
    `  session: ${final.calls} exchanges, verdict ${final.verdict}; client.wait_retry_after findings ${final.findings}; not judged: ${final.unjudged}`,
  );
  console.log(`  live lines: ${final.lines} (${final.lineBytes} bytes)`);
  const stopMs = Number(final.stopToReportMs);
  console.log(
    `  stop (SIGTERM) to report: ${Math.round(stopMs)} ms (target ≤ 2000 ms: ${stopMs <= 2000 ? "met" : "MISSED"}); loadavg ${load()}`,
  );
  process.exit(0);
}

const [role, arg] = process.argv.slice(2);
if (role === "--target") target();
else if (role === "--proxy") await proxy(arg);
else await main();
