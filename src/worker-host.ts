/**
 * The lifecycle of one worker thread, shared by every worker of cbcheck (`load`'s validation pool, `proxy`'s
 * judge, the judging worker of `run` and `validate`): start it (on first use), post it batches and get one reply
 * per batch in order, end it when a batch's signal aborts (a deadline, an interruption), and when it dies —
 * out of memory past its heap cap, a throw, an exit — reject every batch that was on it with `WorkerLost`, so
 * the caller knows which work was not done. The next batch starts a new worker. What a batch holds, how jobs are
 * grouped into batches and what a lost batch means are the caller's: this module only runs the thread.
 * The worker side is `serveBatches` (worker-serve.ts).
 */
import type { Transferable, Worker } from "node:worker_threads";
import { startWorkerThread } from "./worker-thread.js";

/** The first message of every worker: its setup (validators ready, priority lowered) is done. */
export const WORKER_READY = "cbcheck-worker-ready";

/** Why a worker's batches were not answered. */
export type LossReason = "aborted" | "out-of-memory" | "died";

/** A batch the worker did not answer: its signal aborted, or the worker died (`reason`). */
export class WorkerLost extends Error {
  constructor(
    readonly reason: LossReason,
    message: string,
  ) {
    super(message);
    this.name = "WorkerLost";
  }
}

/** How a host starts its worker. */
export interface WorkerHostOptions {
  /** File URL of the worker module (`siblingModule(import.meta.url, "…-worker")`). */
  entry: string;
  /** Its `workerData` (cloned once per start). */
  data?: Record<string, unknown>;
  /** Old-generation heap cap in MiB; past it the worker dies `out-of-memory`, not the process. */
  heapMib?: number;
  /** Young-generation cap in MiB (default V8's; a small one trades scavenges for a smaller process). */
  youngMib?: number;
  /** What the worker is, for messages ("the judge thread"). */
  name: string;
  /**
   * The worker keeps nothing of one host's batches that could change its answers to the next host's (pure
   * judging): closed idle, it may be parked and serve the next host of its kind in this process.
   */
  reusable?: boolean;
}

/**
 * Workers a host closed while idle and well, kept for the next host of the same kind in this process (a
 * library user's next `run()`, the next command a test runs in-process): a worker costs about 0.3 s of CPU to
 * start (its thread, then compiling the validators and checks) and judges cold until its code is optimised.
 * At most `PARKED_PER_KIND` of a kind (a validation pool closes several); unreferenced, so a parked worker
 * never keeps the process alive; a worker that was aborted, died, or still had batches is ended, never parked.
 */
const parked = new Map<string, Worker[]>();
const PARKED_PER_KIND = 2;

/** The kind of worker a host starts: same entry, data and limits, same worker. */
const kindOf = (o: WorkerHostOptions) => JSON.stringify([o.entry, o.data ?? {}, o.heapMib, o.youngMib]);

/** Ends every parked worker (a process that wants its threads gone now, or a test). */
export async function endParkedWorkers(): Promise<void> {
  const workers = [...parked.values()].flat();
  parked.clear();
  await Promise.all(workers.map((w) => w.terminate().catch(() => undefined)));
}

/** A batch posted and not answered yet. */
interface InFlight {
  resolve(reply: unknown): void;
  reject(err: WorkerLost): void;
  signal: AbortSignal | undefined;
}

/** One running worker: its thread, whether it said ready, and the batches on it in posting order. */
interface Running {
  worker: Worker;
  ready: Promise<void>;
  batches: InFlight[];
  /** It said it was ready (a parked worker was). */
  isReady: boolean;
}

/** One worker thread, restarted on demand after each death; `Req` is a batch posted, `Rep` its reply. */
export class WorkerHost<Req, Rep> {
  #running: Running | undefined;
  /** Signals listened to, once each (a run posts thousands of batches with its one deadline signal). */
  readonly #watched = new WeakSet<AbortSignal>();
  /** Workers started so far (each death or stop ends one; the next batch starts another). */
  started = 0;

  constructor(readonly options: WorkerHostOptions) {}

  /** Whether a worker runs now (false: the next batch starts one, which knows nothing of the last). */
  get isRunning(): boolean {
    return this.#running !== undefined;
  }

  /** Batches posted to the current worker and not answered yet. */
  get inFlight(): number {
    return this.#running?.batches.length ?? 0;
  }

  /** Starts the worker if none runs; resolves once it is ready, rejects `WorkerLost` if it died first. */
  ready(): Promise<void> {
    return this.#current().ready;
  }

  /**
   * Posts one batch (moving `transfer`, not copying it); resolves with the worker's reply to it. Rejects with
   * `WorkerLost` when `signal` aborts first (the worker is ended: every batch on it is lost, `aborted`) or the
   * worker dies with it.
   */
  post(batch: Req, transfer: readonly Transferable[] = [], signal?: AbortSignal): Promise<Rep> {
    if (signal?.aborted) return Promise.reject(abortedLoss(this.options.name));
    if (signal && !this.#watched.has(signal)) {
      this.#watched.add(signal);
      signal.addEventListener("abort", () => this.#onAbort(signal), { once: true });
    }
    const running = this.#current();
    return new Promise<Rep>((resolve, reject) => {
      running.batches.push({ resolve: resolve as (reply: unknown) => void, reject, signal });
      // Posted before the worker is ready: its port holds messages until the worker listens.
      running.worker.postMessage(batch, transfer as Transferable[]);
    });
  }

  /** Ends the current worker, if any; every batch on it is rejected with `lost` (default: aborted). */
  stop(lost: WorkerLost = abortedLoss(this.options.name)): void {
    const running = this.#running;
    if (!running) return;
    this.#running = undefined;
    void running.worker.terminate().catch(() => undefined);
    for (const batch of running.batches.splice(0)) batch.reject(lost);
  }

  /**
   * Ends this host's use of its worker. An idle, ready worker is parked for the next host of its kind (see
   * `parked`); any other is ended, and this waits until its thread is gone.
   */
  async close(): Promise<void> {
    const running = this.#running;
    if (this.options.reusable && running?.isReady && running.batches.length === 0) {
      this.#running = undefined;
      park(this.options, running.worker);
      return;
    }
    const worker = running?.worker;
    this.stop();
    await worker?.terminate().catch(() => undefined);
  }

  #current(): Running {
    this.#running ??= this.#start();
    return this.#running;
  }

  #start(): Running {
    this.started++;
    const { entry, data = {}, heapMib, youngMib } = this.options;
    const limits =
      heapMib || youngMib
        ? {
            ...(heapMib ? { maxOldGenerationSizeMb: heapMib } : {}),
            ...(youngMib ? { maxYoungGenerationSizeMb: youngMib } : {}),
          }
        : undefined;
    const taken = this.options.reusable ? unpark(this.options) : undefined;
    const worker = taken ?? startWorkerThread(entry, data, limits);
    let markReady: () => void = () => {};
    let failure: WorkerLost | undefined;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      worker.once("exit", () => {
        if (!running.isReady)
          reject(failure ?? new WorkerLost("died", `${this.options.name} ended before it was ready`));
      });
    });
    ready.catch(() => undefined);
    const running: Running = { worker, ready, batches: [], isReady: false };
    if (taken) {
      running.isReady = true;
      markReady();
    }
    worker.on("message", (reply: unknown) => {
      if (!running.isReady && reply === WORKER_READY) {
        running.isReady = true;
        markReady();
        return;
      }
      running.batches.shift()?.resolve(reply);
    });
    // Replies the worker posted before it failed still arrive (they can come after the error event, never
    // after the exit event): its batches count as lost only at exit.
    worker.on("error", (err: Error & { code?: string }) => {
      failure ??= lossOf(err, this.options);
    });
    worker.on("exit", (code: number) =>
      this.#died(running, failure ?? new WorkerLost("died", `${this.options.name} exited (${code})`)),
    );
    return running;
  }

  /** The worker `running` died: when it is still the current one, its batches are lost. */
  #died(running: Running, lost: WorkerLost): void {
    if (this.#running === running) this.stop(lost);
  }

  /** A signal aborted: the worker ends when a batch of that signal is on it. */
  #onAbort(signal: AbortSignal): void {
    if (this.#running?.batches.some((b) => b.signal === signal)) this.stop();
  }
}

/** Keeps `worker` for the next host of its kind, ending the one kept before; it forgets this host. */
function park(options: WorkerHostOptions, worker: Worker): void {
  const kind = kindOf(options);
  const kept = parked.get(kind) ?? [];
  if (kept.length >= PARKED_PER_KIND)
    void kept
      .shift()
      ?.terminate()
      .catch(() => undefined);
  for (const event of ["message", "error", "exit"] as const) worker.removeAllListeners(event);
  worker.unref();
  // A parked worker that dies is simply forgotten.
  worker.once("exit", () => {
    const list = parked.get(kind);
    if (list?.includes(worker)) list.splice(list.indexOf(worker), 1);
  });
  worker.on("error", () => undefined);
  kept.push(worker);
  parked.set(kind, kept);
}

/** A parked worker of this kind, taken for a host (referenced again, its parking listeners gone). */
function unpark(options: WorkerHostOptions): Worker | undefined {
  const worker = parked.get(kindOf(options))?.pop();
  if (!worker) return undefined;
  for (const event of ["message", "error", "exit"] as const) worker.removeAllListeners(event);
  worker.ref();
  return worker;
}

function abortedLoss(name: string): WorkerLost {
  return new WorkerLost("aborted", `${name} was stopped before it finished (deadline or interruption)`);
}

function lossOf(err: Error & { code?: string }, options: WorkerHostOptions): WorkerLost {
  if (err.code === "ERR_WORKER_OUT_OF_MEMORY")
    return new WorkerLost(
      "out-of-memory",
      `${options.name} needed more than its ${options.heapMib} MiB heap`,
    );
  return new WorkerLost("died", `${options.name} failed: ${err.message}`);
}
