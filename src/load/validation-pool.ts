/**
 * A pool of validation workers fed with raw response bodies in small batches. The load generator only
 * copies bytes into a message; parsing and checking happen on other threads. When the workers fall
 * behind by more than `maxBacklogBytes`, further bodies are counted as not checked (never silently
 * dropped), so memory stays bounded however fast the target answers. Each worker is a `WorkerHost`: one
 * that dies (out of memory past its heap cap, a crash) loses its batches — their bodies are reported to
 * their listeners as not judged, with why — and the next batch starts a new worker.
 */

import type { OperationId, RecordedRequest } from "../transport/exchange.js";
import { WorkerHost, type WorkerLost } from "../worker-host.js";
import { siblingModule } from "../worker-thread.js";
import type { JobFailures, RequestTable, ValidationBatch, ValidationJob } from "./validation-worker.js";

/** Options of a pool. */
export interface PoolOptions {
  /** Worker threads; default 1 (two-core machines: one for the target, one for us). */
  size?: number;
  /** Unjudged bytes allowed in flight before bodies are skipped; default 64 MiB. */
  maxBacklogBytes?: number;
  /** Each worker's heap cap in MiB (default `VALIDATION_HEAP_MIB`). */
  heapMib?: number;
}

/**
 * A validation worker's heap: a body the load generator keeps is at most a few MiB (a batch-50 read), and a
 * batch holds 32; a worker needing more than this dies (its bodies unjudged), not the load run.
 */
export const VALIDATION_HEAP_MIB = 512;
const BATCH = 32;

/** One worker: its host, the bytes it has not judged yet, and the tables its current thread has had. */
interface Slot {
  host: WorkerHost<ValidationBatch, JobFailures[]>;
  backlog: number;
  tablesSent: number;
}

/** Worker threads running the check catalogue. */
export class ValidationPool {
  #slots: Slot[] = [];
  #next = 0;
  readonly #tables: RequestTable[] = [];
  #pending: ValidationJob[] = [];
  #pendingBytes = 0;
  #scheduled = false;
  #inFlight = 0;
  #idle: (() => void)[] = [];
  #listeners = new Map<number, (r: JobFailures) => void>();
  readonly #maxBacklog: number;
  /** Bodies not checked because the workers were too far behind. */
  skipped = 0;
  /** Bodies not checked because their worker died with them. */
  lost = 0;
  /** Bodies not checked because the run stopped before they were judged (`drain` ended by its signal). */
  cutAtStop = 0;

  private constructor(maxBacklog: number) {
    this.#maxBacklog = maxBacklog;
  }

  /** Starts the workers and waits until each has its schemas' validators ready. */
  static async start(options: PoolOptions = {}): Promise<ValidationPool> {
    const pool = new ValidationPool(options.maxBacklogBytes ?? 64 * 1024 * 1024);
    const entry = siblingModule(import.meta.url, "validation-worker");
    const heapMib = options.heapMib ?? VALIDATION_HEAP_MIB;
    for (let i = 0; i < Math.max(1, options.size ?? 1); i++) {
      const host = new WorkerHost<ValidationBatch, JobFailures[]>({
        entry,
        heapMib,
        name: "a validation worker",
        // Its request tables are numbered from 0 by each pool, which sends every table before a job reads it
        // (`tablesSent` starts at 0 on a worker new to the pool): a next pool may use it.
        reusable: true,
      });
      pool.#slots.push({ host, backlog: 0, tablesSent: 0 });
    }
    try {
      await Promise.all(pool.#slots.map((s) => s.host.ready()));
    } catch (err) {
      await pool.close();
      throw err;
    }
    return pool;
  }

  /** Registers the requests of a mix (sent to each worker with its next batch); returns the table id jobs use. */
  addTable(
    requests: { operation: OperationId; recorded: RecordedRequest }[],
    checks: string[],
    onFailures: (r: JobFailures) => void,
  ): number {
    const table = this.#tables.length + 1;
    this.#tables.push({
      table,
      requests: requests.map((r) => ({ operation: r.operation, recorded: r.recorded })),
      checks,
    });
    this.#listeners.set(table, onFailures);
    return table;
  }

  /** Queues one response; false when the workers are too far behind and it was not queued. */
  submit(job: ValidationJob): boolean {
    const backlog = this.#slots.reduce((n, w) => n + w.backlog, 0) + this.#pendingBytes;
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

  /**
   * Resolves when every queued response has been judged (or lost with a worker), or as soon as `signal` aborts
   * (the run's deadline, an interruption: bodies slow to judge must not hold it): the workers are ended, the
   * bodies on them come back unjudged and are counted in `cutAtStop`.
   */
  drain(signal?: AbortSignal): Promise<void> {
    this.#flush();
    if (this.#inFlight === 0) return Promise.resolve();
    const stop = () => {
      for (const slot of this.#slots) slot.host.stop();
    };
    if (signal?.aborted) stop();
    else signal?.addEventListener("abort", stop, { once: true });
    return new Promise((resolve) =>
      this.#idle.push(() => {
        signal?.removeEventListener("abort", stop);
        resolve();
      }),
    );
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    await Promise.all(this.#slots.map((s) => s.host.close()));
    this.#slots = [];
  }

  #flush(): void {
    this.#scheduled = false;
    if (this.#pending.length === 0 || this.#slots.length === 0) return;
    const jobs = this.#pending;
    const bytes = this.#pendingBytes;
    this.#pending = [];
    this.#pendingBytes = 0;
    // Least backlog first: an oversize body must not queue everything behind it.
    const slot = this.#slots.reduce(
      (a, b) => (b.backlog < a.backlog ? b : a),
      this.#slots[this.#next++ % this.#slots.length],
    );
    // A new thread (the first, or one after a death) knows no table yet.
    if (!slot.host.isRunning) slot.tablesSent = 0;
    const tables = this.#tables.slice(slot.tablesSent);
    slot.tablesSent = this.#tables.length;
    slot.backlog += bytes;
    this.#inFlight++;
    slot.host.post({ tables, jobs }).then(
      (results) => this.#done(slot, bytes, results),
      (lost: WorkerLost) => {
        // Ended by drain's signal ("aborted"), not a death: cut at the stop.
        if (lost.reason === "aborted") this.cutAtStop += jobs.length;
        else this.lost += jobs.length;
        const unjudged = lost.message;
        const results = jobs.map(({ seq, table, index, status }) => ({
          seq,
          table,
          index,
          status,
          failures: [],
          unjudged,
        }));
        this.#done(slot, bytes, results);
      },
    );
  }

  #done(slot: Slot, bytes: number, results: JobFailures[]): void {
    slot.backlog -= bytes;
    for (const r of results) this.#listeners.get(r.table)?.(r);
    if (--this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }
}
