/**
 * `cbcheck proxy`: forwards every exchange between clients and a cb/v1 target (the reference server, started
 * here, when no target is given), judges both sides on a copy, prints one line per violation, and when the
 * signal aborts or `maxExchanges` were judged, returns the report.
 */
import type { CommandResult } from "../report/model.js";
import { startServer } from "../server/index.js";
import type { ServerOptions } from "../server/types.js";
import { buildProxyReport } from "./build-report.js";
import type { Finding } from "./finding.js";
import { type ForwardOptions, startForwarder } from "./forward.js";
import { PROXY_MAX_BODY_BYTES } from "./judge-server.js";
import type { JudgedExchange } from "./judge-session.js";
import { JudgeThread, type JudgeThreadOptions } from "./judge-thread.js";
import type { RawExchange } from "./raw-exchange.js";

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
  /** Bounds of the judge thread's queue (tests shrink them). */
  judgeQueue?: JudgeThreadOptions;
  /** The embedded reference server's options (tests seed mutations here). */
  server?: ServerOptions;
  /** Benchmarks: the forwarder's own time per exchange (`ForwardOptions.onHop`). */
  onHop?: ForwardOptions["onHop"];
}

/** Hooks of a proxy session. */
export interface ProxyHooks {
  signal: AbortSignal;
  /** The client-facing base URL, once listening. */
  onListening?(baseUrl: string): void;
  /** One line per violation (key by hash, never the key). */
  onViolation?(line: string): void;
}

/** Defaults of the options. */
export const PROXY_DEFAULTS = {
  listen: "127.0.0.1:8787",
  timeoutMs: 30_000,
  maxBodyBytes: PROXY_MAX_BODY_BYTES,
};

/** Splits `host:port` (IPv6 in brackets). */
export function parseListen(text: string): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(text);
  const port = match ? Number(match[2]) : Number.NaN;
  if (!match || port > 65535)
    throw new RangeError(`--listen must be host:port (got ${JSON.stringify(text)})`);
  return { host: match[1].replace(/^\[|\]$/g, ""), port };
}

/** Runs a proxy session until the signal aborts or enough exchanges were judged. */
export async function runProxy(options: ProxyOptions, hooks: ProxyHooks): Promise<CommandResult> {
  const startedAt = new Date().toISOString();
  const embedded =
    options.target === undefined
      ? await startServer({
          ...options.server,
          ...(options.seed !== undefined ? { seed: options.seed, keySeed: options.seed } : {}),
        })
      : undefined;
  const baseUrl = (options.target ?? embedded?.url ?? "").replace(/\/+$/, "");
  const findings: Finding[] = [];
  const keys = new Set<string>();
  let seen = 0;
  let judged = 0;
  let unjudged = 0;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });

  function record(f: Finding): void {
    findings.push(f);
    const where = `exchange ${f.exchange.n} ${f.exchange.method} ${f.exchange.url.split("?")[0]}`;
    hooks.onViolation?.(
      `${f.side} ${f.severity === "warning" ? "warn" : "FAIL"} ${f.id} key ${f.exchange.keyHash} ${where}: ${f.evidence[0] ?? f.title}`,
    );
  }

  function onJudged(r: JudgedExchange): void {
    judged++;
    keys.add(r.keyHash);
    if (r.isServerUnjudged) unjudged++;
    for (const f of r.findings) record(f);
  }

  function onClean(count: number, keyHashes: string[]): void {
    judged += count;
    for (const k of keyHashes) keys.add(k);
  }

  const { host, port } = parseListen(options.listen);
  const target = new URL(baseUrl);
  let judge: JudgeThread | undefined;
  try {
    judge = await JudgeThread.start(
      baseUrl,
      onJudged,
      { ...options.judgeQueue, maxBodyBytes: options.maxBodyBytes },
      onClean,
    );
    const thread = judge;
    // On the forwarding path: queue the exchange for the judge thread, nothing more.
    const onExchange = (raw: RawExchange): void => {
      if (options.maxExchanges !== undefined && seen >= options.maxExchanges) return;
      seen++;
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
    if (hooks.signal.aborted) finish();
    hooks.signal.addEventListener("abort", () => finish(), { once: true });
    await done;
    await forwarder.close();
    await thread.drain();
  } finally {
    await judge?.close();
    await embedded?.close();
  }
  const report = buildProxyReport({
    startedAt,
    baseUrl,
    embedded: embedded !== undefined,
    exchanges: judged + (judge?.skipped ?? 0),
    unjudged,
    skipped: judge?.skipped ?? 0,
    judgeFailure: judge?.failure,
    keys: [...keys],
    findings,
  });
  return { report, sections: [], secrets: [] };
}
