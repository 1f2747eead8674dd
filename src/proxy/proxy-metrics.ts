/**
 * The Prometheus metrics of `cbcheck proxy --metrics-port` (prom-client, the command's own registry): the
 * exchanges forwarded, their duration and 429s, and the findings of both sides, each per client key hash
 * (`k:<first 8 hex of sha256>`, never the key). Counted on the main thread: exchanges as they end (the
 * forwarding path, only when metrics are served), findings as the judge thread's batches come back. The key
 * label is bounded: past `MAX_KEY_LABELS` hashes, further keys are counted as `other` (a client spraying keys
 * must not grow the scrape without end).
 */
import type { Counter, Gauge, Histogram, Registry } from "prom-client";
import { inferOperation } from "../checks/validate/request-input.js";
import { metricMakers } from "../metrics/metric-makers.js";
import { basePathOf, relativePath } from "./judge-server.js";
import type { JudgedBatch } from "./judge-worker.js";
import type { RawExchange } from "./raw-exchange.js";
import { requestFacts } from "./request-facts.js";

/** Distinct key hashes given a label of their own. */
export const MAX_KEY_LABELS = 200;

/** Every metric the proxy serves. */
export class ProxyMetrics {
  readonly #keys = new Set<string>();
  readonly #basePath: string;
  readonly exchanges: Counter<"key_hash" | "operation" | "status">;
  readonly duration: Histogram<"key_hash" | "operation">;
  readonly rateLimited: Counter<"key_hash">;
  readonly findings: Counter<"key_hash" | "side" | "rule" | "operation" | "severity">;
  readonly unjudged: Gauge;

  /** `baseUrl`: the target's (its path is cut off the request paths to name the operation). */
  constructor(registry: Registry, baseUrl: string) {
    this.#basePath = basePathOf(baseUrl);
    const { counter, gauge, durations } = metricMakers(registry);
    this.exchanges = counter(
      "cbcheck_proxy_exchanges_total",
      "Exchanges forwarded, by client key hash, operation and HTTP status (502/504: the target failed).",
      ["key_hash", "operation", "status"],
    );
    this.duration = durations(
      "cbcheck_proxy_request_duration_seconds",
      "Time from the client's request to the end of the response, by client key hash and operation.",
      ["key_hash", "operation"],
    );
    this.rateLimited = counter(
      "cbcheck_proxy_rate_limited_total",
      "429 responses forwarded, by client key hash.",
      ["key_hash"],
    );
    this.findings = counter(
      "cbcheck_proxy_findings_total",
      "Exchanges with a finding, by client key hash, side (server, client), rule, operation and severity.",
      ["key_hash", "side", "rule", "operation", "severity"],
    );
    this.unjudged = gauge(
      "cbcheck_proxy_unjudged_exchanges",
      "Exchanges forwarded but not judged so far (the judge fell behind, died, or the session stopped).",
    );
  }

  /** The label of a key hash: its own while fewer than `MAX_KEY_LABELS` were seen, else `other`. */
  #key(hash: string): string {
    if (this.#keys.has(hash)) return hash;
    if (this.#keys.size >= MAX_KEY_LABELS) return "other";
    this.#keys.add(hash);
    return hash;
  }

  /** Counts one exchange that ended. */
  exchange(raw: RawExchange): void {
    const key_hash = this.#key(requestFacts(raw.method, raw.url, raw.rawHeaders).keyHash);
    const operation = inferOperation(raw.method, relativePath(raw.url, this.#basePath));
    this.exchanges.inc({ key_hash, operation, status: String(raw.status) });
    this.duration.observe({ key_hash, operation }, Math.max(0, raw.endedAt - raw.startedAt) / 1000);
    if (raw.status === 429) this.rateLimited.inc({ key_hash });
  }

  /** Counts a judged batch's findings (each row: exchanges of one rule, side, operation and key). */
  judged(batch: JudgedBatch): void {
    for (const row of batch.rows) {
      const f = row.shown[0];
      if (!f) continue;
      const labels = {
        key_hash: this.#key(f.exchange.keyHash),
        side: f.side,
        rule: f.id,
        operation: f.operation,
      };
      if (row.errors > 0) this.findings.inc({ ...labels, severity: "error" }, row.errors);
      if (row.count > row.errors)
        this.findings.inc({ ...labels, severity: "warning" }, row.count - row.errors);
    }
  }
}
