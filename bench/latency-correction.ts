/**
 * Coordinated-omission correction of `cbcheck load` against wrk2's method, on one open-model run of the
 * `latency` mix against the embedded reference server (child process):
 *   - uncorrected: from when each request was sent;
 *   - corrected (cbcheck): from its intended send time, its slot on the uniform schedule but never after
 *     the send;
 *   - wrk2's method on the same run's recorded times (src/wrk.c, usec_to_next_send and
 *     response_complete): per connection, expected start of the k-th request = the connection's start +
 *     k / (its rate), latency = response complete − expected start, and a request never goes before its
 *     expected start; also the formula alone, without that rule (what corrected latency was before);
 *   - and, when a wrk2 binary is given (WRK2=/path/to/wrk2; not packaged in Debian, build it from
 *     github.com/giltene/wrk2), wrk2 itself at the same rate and connections on the same mix, in its own
 *     run (its first 10 s are calibration and not recorded).
 * Prints p50/p90/p99/p99.9/max of each, and whether corrected ≥ uncorrected holds at every percentile.
 * Usage: npm run bench -- latency-correction   (BENCH_CO_RATE=200, BENCH_CO_CONNECTIONS=4, BENCH_CO_SECONDS=20)
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { driveLoad, type ResponseSample } from "../src/load/drive-load.js";
import { startEmbeddedTarget } from "../src/load/embedded-target.js";
import { createHistogram, type Histogram, recordMs } from "../src/load/latency-histogram.js";
import { loadProfile } from "../src/load/load-profile-file.js";
import { buildRequestMix } from "../src/load/request-mix.js";
import { recordLatency } from "../src/load/run-phase.js";
import { writeWrkScript } from "./support/wrk-script.js";

const rate = Number(process.env.BENCH_CO_RATE ?? 200);
const connections = Number(process.env.BENCH_CO_CONNECTIONS ?? 4);
const seconds = Number(process.env.BENCH_CO_SECONDS ?? 20);
const wrk2 = process.env.WRK2 ?? findOnPath("wrk2");
const PERCENTILES = [50, 90, 99, 99.9, 100];

function findOnPath(name: string): string | undefined {
  return (process.env.PATH ?? "")
    .split(":")
    .map((dir) => `${dir}/${name}`)
    .find((p) => existsSync(p));
}

/**
 * wrk2's method on our recorded times: per connection, the k-th request is expected at the connection's
 * start (its first send) + k × its interval. wrk2 never sends before that time, so its expected start is
 * never after the send; `literal` drops that rule and takes the formula alone, as our driver did before.
 */
function wrk2Style(samples: ResponseSample[], literal: boolean): Histogram {
  const h = createHistogram();
  const intervalMs = (1000 * connections) / rate;
  const byConnection = new Map<number, ResponseSample[]>();
  for (const s of samples) byConnection.set(s.connection, [...(byConnection.get(s.connection) ?? []), s]);
  for (const list of byConnection.values()) {
    list.sort((a, b) => a.sentAt - b.sentAt);
    const start = list[0].sentAt;
    list.forEach((s, k) => {
      const expected = start + k * intervalMs;
      recordMs(h, s.endedAt - (literal ? expected : Math.min(expected, s.sentAt)));
    });
  }
  return h;
}

/** Percentiles (ms) of wrk2's "Latency Distribution" block that follows `heading`. */
function parseWrk2(output: string, heading: RegExp): number[] | undefined {
  const at = output.search(heading);
  if (at < 0) return undefined;
  const block = output.slice(at);
  const value = (p: number) => {
    const m = new RegExp(`\\s${p.toFixed(3).replace(".", "\\.")}%\\s+([\\d.]+)(us|ms|s|m)`).exec(block);
    if (!m) return Number.NaN;
    const scale: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
    return Number(m[1]) * scale[m[2]];
  };
  return PERCENTILES.map(value);
}

const row = (name: string, ms: number[]) =>
  `${name.padEnd(34)}${ms.map((v) => (Number.isNaN(v) ? "n/a" : v.toFixed(3)).padStart(10)).join("")}`;
const percentiles = (h: Histogram) => PERCENTILES.map((p) => h.getValueAtPercentile(p) / 1000);
const machineLoad = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

const profile = loadProfile("latency");
const server = await startEmbeddedTarget({ ...profile.embedded });
const requests = buildRequestMix(profile, { ...server.fixtures }, server.url);
console.log(`machine load (1/5/15 min): ${machineLoad()}`);
console.log(
  `mix ${profile.name} (${requests.length} requests cycled), ${connections} connections, ${rate} requests/s, ${seconds} s; embedded server in a child process`,
);

const drive = { baseUrl: server.url, apiKey: server.keys.plus, requests, connections, rate, maxCalls: 1e7 };
await driveLoad({ ...drive, durationSeconds: 2, onResponse: () => {} });
const samples: ResponseSample[] = [];
const ours = { corrected: createHistogram(), uncorrected: createHistogram() };
const result = await driveLoad({
  ...drive,
  durationSeconds: seconds,
  onResponse: (s) => {
    samples.push(s);
    recordLatency(ours, s);
  },
});
const early = samples.filter((s) => s.intendedAt === s.sentAt).length;
const reference = wrk2Style(samples, false);
const literal = wrk2Style(samples, true);

console.log(`\ncbcheck: ${result.responses} responses, ${result.transportErrors} transport errors`);
console.log(`${"".padEnd(34)}${PERCENTILES.map((p) => `p${p}`.padStart(10)).join("")}  (ms)`);
console.log(row("uncorrected (cbcheck)", percentiles(ours.uncorrected)));
console.log(row("corrected (cbcheck)", percentiles(ours.corrected)));
console.log(row("wrk2 method on the same run", percentiles(reference)));
console.log(row("wrk2 formula alone (may send early)", percentiles(literal)));

let wrk2Lines: string[] = [];
if (wrk2) {
  const script = writeWrkScript(requests, server.url, server.keys.plus);
  const args = [
    "-t",
    "1",
    "-c",
    String(connections),
    "-R",
    String(rate),
    "-d",
    `${seconds + 10}s`,
    "-L",
    "-U",
  ];
  const out = spawnSync(wrk2, [...args, "-s", script, new URL(server.url).origin], { encoding: "utf8" });
  const corrected = parseWrk2(out.stdout, /Latency Distribution \(HdrHistogram - Recorded Latency\)/);
  const uncorrected = parseWrk2(out.stdout, /Latency Distribution \(HdrHistogram - Uncorrected Latency/);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out.stdout)?.[1];
  wrk2Lines = [
    row("wrk2 binary, uncorrected (own run)", uncorrected ?? PERCENTILES.map(() => Number.NaN)),
    row("wrk2 binary, corrected (own run)", corrected ?? PERCENTILES.map(() => Number.NaN)),
  ];
  console.log(wrk2Lines.join("\n"));
  console.log(`(wrk2 ${wrk2}: ${rps ?? "?"} requests/s, first 10 s calibration)`);
} else {
  console.log(
    "(no wrk2 binary: set WRK2=/path/to/wrk2 to add its own run; the wrk2 method row is its correction on this run)",
  );
}

const dips = [0, 1, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100].filter(
  (p) => ours.corrected.getValueAtPercentile(p) < ours.uncorrected.getValueAtPercentile(p),
);
console.log(
  `\ncorrected ≥ uncorrected at every percentile: ${dips.length === 0 ? "holds" : `BROKEN at p${dips.join(", p")}`}`,
);
console.log(
  `requests sent before their slot (a timer firing early; intended time = send time): ${early} of ${samples.length}`,
);
const diff = PERCENTILES.map(
  (p) => (ours.corrected.getValueAtPercentile(p) - reference.getValueAtPercentile(p)) / 1000,
);
console.log(`corrected − wrk2 method (ms):     ${diff.map((d) => d.toFixed(3).padStart(10)).join("")}`);
console.log(`machine load (1/5/15 min): ${machineLoad()}`);
await server.close();
