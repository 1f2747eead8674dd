/**
 * The server side of `cbcheck proxy`: each forwarded exchange, rebuilt as an `Exchange`, through the check
 * catalogue as `run` judges it; a target that reset or stalled is a `transport.response_received` failure.
 */
import { runChecks } from "../checks/run-checks.js";
import { inferOperation } from "../checks/validate/request-input.js";
import { decodeCodedBodySync } from "../transport/decode-coding.js";
import type { Exchange } from "../transport/exchange.js";
import { RUNNER } from "../verdicts/runner.js";
import type { Proxied } from "./proxied.js";
import { PROXY_MAX_BODY_BYTES } from "./proxy-defaults.js";

/** One server-side finding on one exchange. */
export interface ServerFinding {
  id: string;
  severity: "error" | "warning";
  title: string;
  pointer?: string;
  expected?: string;
  received?: string;
}

/** The path of a target's base URL without its trailing slashes (`/v1`; empty at the root). */
export function basePathOf(baseUrl: string): string {
  return new URL(baseUrl).pathname.replace(/\/+$/, "");
}

/**
 * A request target's path as sent (percent-encoded), without the query, relative to `basePath` (`/` for the
 * base itself): what `RecordedRequest.path` holds and `inferOperation` reads.
 */
export function relativePath(url: string, basePath: string): string {
  const raw = url.split("?")[0];
  return raw.startsWith(basePath) ? raw.slice(basePath.length) || "/" : raw;
}

/** The exchange as the checks read it: paths relative to the target's base path (`/v1`). */
export function toExchange(p: Proxied, baseUrl: string, maxBodyBytes = PROXY_MAX_BODY_BYTES): Exchange {
  const parsed = new URL(p.url, "http://proxy");
  const path = relativePath(p.url, basePathOf(baseUrl));
  const query: Record<string, string> = {};
  for (const [name, value] of parsed.searchParams) query[name] = value;
  const exchange: Exchange = {
    operation: inferOperation(p.method, path),
    request: { method: p.method, baseUrl, path, query, headers: p.headers, body: p.body || undefined },
  };
  if (p.targetError) {
    exchange.transportError = p.targetError;
    return exchange;
  }
  exchange.response = {
    status: p.status,
    headers: p.responseHeaders,
    // A client may ask for gzip through the proxy: the checks judge the JSON the coded body carries.
    ...decodeCodedBodySync(p.responseBody, p.cut, p.responseHeaders["content-encoding"], maxBodyBytes),
    durationMs: p.endedAt - p.startedAt,
  };
  return exchange;
}

/** Every finding of the catalogue (and of the transport) on one exchange. */
export function judgeServer(exchange: Exchange): ServerFinding[] {
  if (exchange.transportError) {
    const { code, message } = exchange.transportError;
    return [{ id: RUNNER.responseReceived.id, severity: "error", title: `${code}: ${message}` }];
  }
  return runChecks(exchange).map((f) => ({
    id: f.checkId,
    severity: f.severity,
    title: f.title,
    pointer: f.pointer,
    expected: f.expected,
    received: f.received,
  }));
}
