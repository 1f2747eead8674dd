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
import { startForwarder } from "./forward.js";
import { ClientJudge } from "./judge-client.js";
import { judgeServer, toExchange } from "./judge-server.js";
import type { Proxied } from "./proxied.js";

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
  /** The embedded reference server's options (tests seed mutations here). */
  server?: ServerOptions;
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
export const PROXY_DEFAULTS = { listen: "127.0.0.1:8787", timeoutMs: 30_000, maxBodyBytes: 16 * 1024 * 1024 };

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
  const keys: string[] = [];
  const clientJudge = new ClientJudge();
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

  function onExchange(p: Proxied): void {
    if (options.maxExchanges !== undefined && judged >= options.maxExchanges) return;
    judged++;
    if (!keys.includes(p.keyHash)) keys.push(p.keyHash);
    const exchange = toExchange(p, baseUrl);
    // A copy that is not whole (the cap, or a client that left) cannot be judged fairly: a cut body is no
    // fault of the server's.
    if (p.cut !== undefined && !p.targetError) unjudged++;
    else
      for (const s of judgeServer(exchange))
        record({ side: "server", ...s, operation: exchange.operation, exchange: p, evidence: [s.title] });
    for (const v of clientJudge.judge(p, exchange.operation))
      record({
        side: "client",
        id: v.rule.id,
        severity: v.rule.level === "required" ? "error" : "warning",
        operation: exchange.operation,
        title: v.rule.title,
        exchange: v.exchange,
        evidence: v.evidence,
      });
    if (options.maxExchanges !== undefined && judged >= options.maxExchanges) finish();
  }

  const { host, port } = parseListen(options.listen);
  const target = new URL(baseUrl);
  try {
    const forwarder = await startForwarder({
      origin: target.origin,
      host,
      port,
      timeoutMs: options.timeoutMs,
      maxBodyBytes: options.maxBodyBytes,
      onExchange,
    });
    hooks.onListening?.(`${forwarder.origin}${target.pathname.replace(/\/+$/, "")}`);
    if (hooks.signal.aborted) finish();
    hooks.signal.addEventListener("abort", () => finish(), { once: true });
    await done;
    await forwarder.close();
  } finally {
    await embedded?.close();
  }
  const report = buildProxyReport({
    startedAt,
    baseUrl,
    embedded: embedded !== undefined,
    exchanges: judged,
    unjudged,
    keys,
    findings,
  });
  return { report, sections: [], secrets: [] };
}
