/**
 * A pool of validation workers fed with raw response bodies in small batches. The load generator only
 * copies bytes into a message; parsing and checking happen on other threads. When the workers fall
 * behind by more than `maxBacklogBytes`, further bodies are counted as not checked (never silently
 * dropped), so memory stays bounded however fast the target answers.
 */
import type { Worker } from "node:worker_threads";
import type { OperationId, RecordedRequest } from "../transport/exchange.js";
import { siblingModule, startWorkerThread } from "../worker-thread.js";
import {
  type FromWorker,
  type JobFailures,
  type ToWorker,
  type ValidationJob,
  WORKER_FLAG,
} from "./validation-worker.js";

/** Options of a pool. */
export interface PoolOptions {
  /** Worker threads; default 1 (two-core machines: one for the target, one for us). */
  size?: number;
  /** Unjudged bytes allowed in flight before bodies are skipped; default 64 MiB. */
  maxBacklogBytes?: number;
}

const BATCH = 32;

/** Worker threads running the check catalogue. */
export class ValidationPool {
  #workers: { worker: Worker; backlog: number; batchBytes: number[] }[] = [];
  #next = 0;
  #tables = 0;
  #pending: ValidationJob[] = [];
  #pendingBytes = 0;
  #scheduled = false;
  #inFlight = 0;
  #idle: (() => void)[] = [];
  #listeners = new Map<number, (r: JobFailures) => void>();
  readonly #maxBacklog: number;
  /** Bodies not checked because the workers were too far behind. */
  skipped = 0;

  private constructor(maxBacklog: number) {
    this.#maxBacklog = maxBacklog;
  }

  /** Starts the workers and waits until each has compiled the schemas. */
  static async start(options: PoolOptions = {}): Promise<ValidationPool> {
    const pool = new ValidationPool(options.maxBacklogBytes ?? 64 * 1024 * 1024);
    const entry = siblingModule(import.meta.url, "validation-worker");
    const ready: Promise<void>[] = [];
    for (let i = 0; i < Math.max(1, options.size ?? 1); i++) {
      const worker = startWorkerThread(entry, { [WORKER_FLAG]: true });
      const slot = { worker, backlog: 0, batchBytes: [] as number[] };
      pool.#workers.push(slot);
      ready.push(
        new Promise<void>((resolve, reject) => {
          worker.once("error", reject);
          worker.on("message", (m: FromWorker) => {
            if (m.type === "ready") return resolve();
            pool.#onDone(slot, m);
          });
        }),
      );
    }
    await Promise.all(ready);
    return pool;
  }

  /** Sends the requests of a mix once; returns the table id jobs refer to. */
  addTable(
    requests: { operation: OperationId; recorded: RecordedRequest }[],
    checks: string[],
    onFailures: (r: JobFailures) => void,
  ): number {
    const table = ++this.#tables;
    const message: ToWorker = {
      type: "table",
      table,
      requests: requests.map((r) => ({ operation: r.operation, recorded: r.recorded })),
      checks,
    };
    for (const w of this.#workers) w.worker.postMessage(message);
    this.#listeners.set(table, onFailures);
    return table;
  }

  /** Queues one response; false when the workers are too far behind and it was not queued. */
  submit(job: ValidationJob): boolean {
    const backlog = this.#workers.reduce((n, w) => n + w.backlog, 0) + this.#pendingBytes;
    if (backlog > this.#maxBacklog) {
      this.skipped++;
      return false;
    }
    this.#pending.push(job);
    this.#pendingBytes += job.body.length;
    if (this.#pending.length >= BATCH) this.#flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.#flush());
    }
    return true;
  }

  /** Resolves when every queued response has been judged. */
  drain(): Promise<void> {
    this.#flush();
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.worker.terminate()));
    this.#workers = [];
  }

  #flush(): void {
    this.#scheduled = false;
    if (this.#pending.length === 0 || this.#workers.length === 0) return;
    const jobs = this.#pending;
    const bytes = this.#pendingBytes;
    this.#pending = [];
    this.#pendingBytes = 0;
    // Least backlog first: an oversize body must not queue everything behind it.
    const slot = this.#workers.reduce(
      (a, b) => (b.backlog < a.backlog ? b : a),
      this.#workers[this.#next++ % this.#workers.length],
    );
    slot.backlog += bytes;
    slot.batchBytes.push(bytes);
    this.#inFlight++;
    slot.worker.postMessage({ type: "jobs", jobs } satisfies ToWorker);
  }

  #onDone(slot: { backlog: number; batchBytes: number[] }, m: Extract<FromWorker, { type: "done" }>): void {
    slot.backlog -= slot.batchBytes.shift() ?? 0;
    for (const r of m.results) this.#listeners.get(r.table)?.(r);
    if (--this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }
}
