/**
 * `cbcheck proxy`: forwards every exchange between clients and a cb/v1 target (the reference server, started
 * here, when no target is given), judges both sides on a copy on the judge thread, writes live lines (each
 * finding, rate-limited per rule, and what went unjudged), and when the signal aborts or `maxExchanges` were
 * judged, returns the report. A stop ends the session within `STOP_BUDGET_MS` plus closing: what the judge
 * thread has not judged by then is counted as not judged, never waited for.
 */
import { type MetricsListen, newRegistry, serveMetrics } from "../metrics/serve-metrics.js";
import type { CommandResult } from "../report/model.js";
import { startServer } from "../server/index.js";
import type { ServerOptions } from "../server/types.js";
import { buildProxyReport, type Unjudged, unjudgedTotal } from "./build-report.js";
import { type ForwardOptions, startForwarder } from "./forward.js";
import { JudgeThread, type JudgeThreadOptions } from "./judge-thread.js";
import { LiveLines } from "./live-lines.js";
import { PROXY_DEFAULTS, parseListen } from "./proxy-defaults.js";
import { ProxyMetrics } from "./proxy-metrics.js";
import type { RawExchange } from "./raw-exchange.js";
import { REAL_CLOCK, type SessionClock } from "./session-clock.js";
import { SessionTally } from "./session-tally.js";

/** Options of `cbcheck proxy`. */
export interface ProxyOptions {
  /** The target's base URL (`https://api.example.com/v1`); absent: the embedded reference server. */
  target?: string;
  /** `host:port` to listen on (port 0: any free port). */
  listen: string;
  /** Stop after this many exchanges were judged. */
  maxExchanges?: number;
  /** Time allowed for the target's headers and between body chunks: a stall past it is a 504. */
  timeoutMs: number;
  /** Bytes of each body copied for judging. */
  maxBodyBytes: number;
  /** Without a target: the embedded server's seed, which also fixes its test keys (as `cbcheck serve --seed`). */
  seed?: number;
  /** Bounds of the judge thread's queue and heap (tests shrink them). */
  judgeQueue?: JudgeThreadOptions;
  /** The embedded reference server's options (tests seed mutations here). */
  server?: ServerOptions;
  /** Benchmarks: the forwarder's own time per exchange (`ForwardOptions.onHop`). */
  onHop?: ForwardOptions["onHop"];
  /** Serve Prometheus metrics (per client key hash) on this port while the session runs (0: any free port). */
  metricsPort?: number;
  /** The interface of `metricsPort`. */
  metricsHost?: string;
}

/** Hooks of a proxy session. */
export interface ProxyHooks {
  signal: AbortSignal;
  /** The client-facing base URL, once listening. */
  onListening?(baseUrl: string): void;
  /** The metrics URL, once served (`metricsPort`). */
  onMetricsListening?(url: string): void;
  /**
   * The live lines: one per finding (key by hash, never the key), at most `LINES_PER_SECOND` per rule and
   * second with a summary line for the rest, and one whenever exchanges go unjudged.
   */
  onViolation?(line: string): void;
  /** The session's time (tests give a fake clock): live-line windows and the stop's deadline. */
  clock?: SessionClock;
}

/** Time the judge thread has after a stop to judge what is queued: the reports are written within 2 s. */
export const STOP_BUDGET_MS = 1_500;

/** What the judge thread has not judged, by why. */
function unjudgedOf(thread: JudgeThread, tally: SessionTally): Unjudged {
  const { skipped, lost, deaths, stopped } = thread;
  return { skipped, lost, deaths, stopped, failed: tally.failed, failure: tally.failure, cut: tally.cut };
}

/** Runs a proxy session until the signal aborts or enough exchanges were judged. */
export async function runProxy(options: ProxyOptions, hooks: ProxyHooks): Promise<CommandResult> {
  const startedAt = new Date().toISOString();
  const clock = hooks.clock ?? REAL_CLOCK;
  const embedded =
    options.target === undefined
      ? await startServer({
          ...options.server,
          ...(options.seed !== undefined ? { seed: options.seed, keySeed: options.seed } : {}),
        })
      : undefined;
  const baseUrl = (options.target ?? embedded?.url ?? "").replace(/\/+$/, "");
  const lines = new LiveLines((line) => hooks.onViolation?.(line), clock.now);
  const tally = new SessionTally(lines);
  let seen = 0;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const registry = options.metricsPort !== undefined ? newRegistry() : undefined;
  const metrics = registry ? new ProxyMetrics(registry, baseUrl) : undefined;
  const thread = new JudgeThread(
    baseUrl,
    {
      onJudged: (batch) => {
        tally.add(batch);
        metrics?.judged(batch);
      },
      onLost: (count, why) =>
        lines.line(
          "unjudged",
          `cbcheck proxy: the judge thread died (${why}): ${count} exchange(s) not judged, ${unjudgedTotal(unjudgedOf(thread, tally))} so far; it restarts for the exchanges that follow`,
        ),
    },
    { ...options.judgeQueue, maxBodyBytes: options.maxBodyBytes },
  );
  // Once a second: close the live lines' windows, and say when exchanges went unjudged since the last line.
  const shown = { skipped: 0, cut: 0 };
  const sayGrowth = (cause: keyof typeof shown, count: number, text: (n: number) => string) => {
    if (count <= shown[cause]) return;
    shown[cause] = count;
    lines.line("unjudged", text(count));
  };
  let cancelTick = () => {};
  const tick = () => {
    lines.tick();
    metrics?.unjudged.set(unjudgedTotal(unjudgedOf(thread, tally)));
    sayGrowth(
      "skipped",
      thread.skipped,
      (n) =>
        `cbcheck proxy: ${n} exchange(s) not judged so far: judging is behind the traffic (its queue is full)`,
    );
    sayGrowth(
      "cut",
      tally.cut,
      (n) =>
        `cbcheck proxy: ${n} exchange(s) so far whose response copy was cut (size cap or client gone): the server's answer not judged`,
    );
    cancelTick = clock.after(1000, tick);
  };
  const { host, port } = parseListen(options.listen);
  const target = new URL(baseUrl);
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  try {
    await thread.ready();
    if (registry && options.metricsPort !== undefined) {
      const listen: MetricsListen = {
        host: options.metricsHost ?? PROXY_DEFAULTS.metricsHost,
        port: options.metricsPort,
      };
      metricsServer = await serveMetrics(registry, listen);
      hooks.onMetricsListening?.(metricsServer.url);
    }
    // On the forwarding path: queue the exchange for the judge thread, nothing more.
    const onExchange = (raw: RawExchange): void => {
      if (options.maxExchanges !== undefined && seen >= options.maxExchanges) return;
      seen++;
      metrics?.exchange(raw);
      thread.submit(raw);
      if (seen === options.maxExchanges) void thread.drain().then(finish);
    };
    const forwarder = await startForwarder({
      origin: target.origin,
      host,
      port,
      timeoutMs: options.timeoutMs,
      maxBodyBytes: options.maxBodyBytes,
      onExchange,
      onHop: options.onHop,
    });
    hooks.onListening?.(`${forwarder.origin}${target.pathname.replace(/\/+$/, "")}`);
    cancelTick = clock.after(1000, tick);
    if (hooks.signal.aborted) finish();
    hooks.signal.addEventListener("abort", () => finish(), { once: true });
    await done;
    // The stop's deadline runs from here: closing the connections and judging what is queued share it.
    const stop = new AbortController();
    const cancelStop = clock.after(STOP_BUDGET_MS, () => stop.abort());
    await forwarder.close();
    await thread.drain(stop.signal);
    cancelStop();
  } finally {
    cancelTick();
    await metricsServer?.close();
    await thread.close();
    await embedded?.close();
  }
  lines.flush();
  const report = buildProxyReport({
    startedAt,
    baseUrl,
    embedded: embedded !== undefined,
    exchanges: seen,
    unjudged: unjudgedOf(thread, tally),
    keys: [...tally.keys],
    rows: tally.rows.all(),
  });
  return { report, sections: [], secrets: [] };
}
