/**
 * A judging worker thread that the deadline can stop. Judging a body is bounded by caps, but a body
 * crafted to be slow to judge (a million keys in one object) can still take many seconds on the main
 * thread, where no timer can interrupt it. Here it runs on a worker that `signal` ends at once
 * (`Worker.terminate`); the next job starts a new worker. Jobs run one at a time, in order.
 */
import type { Worker } from "node:worker_threads";
import { HarnessError, type HarnessErrorCode } from "../../errors.js";
import type { Exchange } from "../../transport/exchange.js";
import { siblingModule, startWorkerThread } from "../../worker-thread.js";
import type { Judgement } from "../run-checks.js";
import type { ResolvedValidateOptions } from "../validate/options.js";
import type { ValidateResult } from "../validate/validate-document.js";
import { JUDGE_WORKER_FLAG, type JudgeJob, type JudgeReply } from "./messages.js";

/**
 * Bodies of more characters than this are judged on the worker; smaller ones in the main thread. Measured
 * (bench/judge-thread.ts): starting a worker costs about 1 s of CPU, once per run; the embedded target's
 * largest response is about 620 KiB, so a normal run never starts one; and the slowest body found below
 * 1 MiB (one object of 100,000 keys) takes about 1.5 s in the main thread, the most a deadline can be overrun.
 */
export const JUDGE_IN_THREAD_CHARS = 1024 * 1024;

/**
 * The worker's old-generation heap: the contract's largest response (a 3.5 MiB entity read) is judged well
 * within it, and it keeps the process near 500 MiB at `run`'s 16 MiB body cap (the main thread holds the
 * body and its parsed value too); a body that needs more ends as out-of-memory, not a 3 GB process.
 */
export const JUDGE_HEAP_MIB = 128;

/** Why a judgement did not finish: the signal (deadline, interruption), the heap limit, a dead worker. */
export class JudgingUnfinished extends Error {
  constructor(
    readonly reason: "aborted" | "out-of-memory" | "worker-died",
    message: string,
  ) {
    super(message);
    this.name = "JudgingUnfinished";
  }
}

/** Whether an exchange's body is large enough to be judged on the worker (and parsed, so judged at all). */
export function isJudgedInThread(exchange: Exchange): boolean {
  const response = exchange.response;
  return response?.json !== undefined && response.bodyText.length > JUDGE_IN_THREAD_CHARS;
}

/** One judging worker, started on first use and again after each stop. */
export class JudgeThread {
  #worker?: Promise<Worker>;
  #queue: Promise<unknown> = Promise.resolve();
  #ids = 0;
  readonly #heapMib: number;
  /** Workers started so far (a stop ends one; the next job starts another). */
  started = 0;

  /** `heapMib`: the worker's old-generation heap limit (default `JUDGE_HEAP_MIB`). */
  constructor(options: { heapMib?: number } = {}) {
    this.#heapMib = options.heapMib ?? JUDGE_HEAP_MIB;
  }

  /** Judges `exchange` with the catalogue (or the checks `ids`) on the worker; rejects `JudgingUnfinished`. */
  judgeExchange(exchange: Exchange, ids: string[] | undefined, signal?: AbortSignal): Promise<Judgement> {
    const body = new TextEncoder().encode(exchange.response?.bodyText ?? "");
    const response = exchange.response && { ...exchange.response, bodyText: "", json: undefined };
    const light: Exchange = { ...exchange, ...(response ? { response } : {}) };
    return this.#enqueue(
      (id) => ({ type: "exchange", id, exchange: light, body, ...(ids ? { ids } : {}) }),
      signal,
    );
  }

  /** `validateText` on the worker; a `HarnessError` it throws (bad JSON) is thrown here as one. */
  validateText(
    text: string,
    options: ResolvedValidateOptions,
    source: string,
    signal?: AbortSignal,
  ): Promise<ValidateResult> {
    const body = new TextEncoder().encode(text);
    return this.#enqueue((id) => ({ type: "document", id, body, options, source }), signal);
  }

  /** Ends the worker, if one runs. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
  }

  #enqueue<T>(job: (id: number) => JudgeJob, signal: AbortSignal | undefined): Promise<T> {
    const run = this.#queue.then(() => this.#run<T>(job(++this.#ids), signal));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #run<T>(job: JudgeJob, signal: AbortSignal | undefined): Promise<T> {
    if (signal?.aborted) throw aborted();
    this.#worker ??= this.#start();
    const started = this.#worker;
    return new Promise<T>((resolve, reject) => {
      let worker: Worker | undefined;
      const end = (err: unknown) => {
        cleanup();
        // A worker that failed or was stopped mid-job is not reused: the next job starts another.
        if (this.#worker === started) this.#worker = undefined;
        void worker?.terminate();
        reject(err);
      };
      const onAbort = () => end(aborted());
      const onError = (err: Error & { code?: string }) => end(unfinishedBy(err, this.#heapMib));
      const onExit = (code: number) =>
        end(new JudgingUnfinished("worker-died", `the judging worker exited (${code})`));
      const onMessage = (reply: JudgeReply) => {
        if (reply.type === "ready" || reply.id !== job.id) return;
        cleanup();
        if (reply.type === "done") resolve(reply.value as T);
        else reject(rebuild(reply));
      };
      const cleanup = () => {
        signal?.removeEventListener("abort", onAbort);
        worker?.off("error", onError).off("exit", onExit).off("message", onMessage);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      started.then(
        (w) => {
          worker = w;
          if (signal?.aborted) return end(aborted());
          w.on("error", onError).on("exit", onExit).on("message", onMessage);
          w.postMessage(job, [job.body.buffer as ArrayBuffer]);
        },
        (err: Error) => end(unfinishedBy(err, this.#heapMib)),
      );
    });
  }

  #start(): Promise<Worker> {
    this.started++;
    const worker = startWorkerThread(
      siblingModule(import.meta.url, "judge-worker"),
      { [JUDGE_WORKER_FLAG]: true },
      { maxOldGenerationSizeMb: this.#heapMib, maxYoungGenerationSizeMb: 16 },
    );
    return new Promise((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`it exited (${code}) before it was ready`));
      const onReady = (m: JudgeReply) => {
        if (m.type !== "ready") return;
        worker.off("error", reject).off("exit", onExit).off("message", onReady);
        resolve(worker);
      };
      worker.on("error", reject).on("exit", onExit).on("message", onReady);
    });
  }
}

function aborted(): JudgingUnfinished {
  return new JudgingUnfinished(
    "aborted",
    "judging was stopped before it finished (deadline or interruption)",
  );
}

function unfinishedBy(err: Error & { code?: string }, heapMib: number): JudgingUnfinished {
  if (err.code === "ERR_WORKER_OUT_OF_MEMORY")
    return new JudgingUnfinished("out-of-memory", `judging needed more than its ${heapMib} MiB heap`);
  return new JudgingUnfinished("worker-died", `the judging worker failed: ${err.message}`);
}

/** The error a job threw in the worker, as the main thread would have seen it. */
function rebuild(reply: Extract<JudgeReply, { type: "threw" }>): Error {
  if (reply.name === "HarnessError" && reply.code)
    return new HarnessError(reply.code as HarnessErrorCode, reply.message);
  const err = new Error(reply.message);
  err.name = reply.name;
  return err;
}
