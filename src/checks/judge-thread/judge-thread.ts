/**
 * A judging worker thread that the deadline can stop. Judging a body is bounded by caps, but a body
 * crafted to be slow to judge (a million keys in one object) can still take many seconds on the main
 * thread, where no timer can interrupt it. Here it runs on a worker that `signal` ends at once
 * (`Worker.terminate`); the next job starts a new worker. Jobs run one at a time, in order.
 */
import type { Worker } from "node:worker_threads";
import { HarnessError, type HarnessErrorCode } from "../../errors.js";
import type { Exchange } from "../../transport/exchange.js";
import type { UndecodedBody } from "../../transport/lazy-body.js";
import { siblingModule, startWorkerThread } from "../../worker-thread.js";
import type { Judgement } from "../run-checks.js";
import type { ResolvedValidateOptions } from "../validate/options.js";
import type { ValidateResult } from "../validate/validate-document.js";
import { answerJob } from "./judge-job.js";
import {
  type JobReply,
  JUDGE_WORKER_FLAG,
  type JudgedAhead,
  type JudgeJob,
  type JudgeReply,
} from "./messages.js";

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

/** Batched jobs posted in one message (see `judgeUndecoded`). */
const BATCH = 16;

/**
 * Batched jobs on the worker at most: two batches, so that it never waits for the next one. Jobs past them
 * wait in this thread, where a caller waiting on the worker can judge them itself (`judgeOneHere`).
 */
const MAX_POSTED = 2 * BATCH;

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

/** A job posted to the worker and not answered yet. */
interface Pending {
  resolve(value: unknown): void;
  reject(err: unknown): void;
  signal: AbortSignal | undefined;
}

/**
 * One judging worker, started on first use and again after each stop. Jobs are posted without waiting for
 * the answers to earlier ones (the worker runs them one at a time, in order), so that a run judging every
 * exchange ahead keeps the worker busy. When a job's signal aborts, or the worker fails or exits, the
 * worker is ended and every job still on it is rejected.
 */
export class JudgeThread {
  #worker?: Promise<Worker>;
  readonly #pending = new Map<number, Pending>();
  /** Signals listened to, once each (a run posts thousands of jobs with its one deadline signal). */
  readonly #watched = new WeakSet<AbortSignal>();
  #ids = 0;
  /** Jobs given with `batched`, not posted yet. */
  #outbox: JudgeJob[] = [];
  /** Jobs posted to the current worker and not answered yet. */
  #posted = 0;
  #flushTimer?: NodeJS.Timeout;
  readonly #heapMib: number;
  /** Workers started so far (a stop ends one; the next job starts another). */
  started = 0;

  /** `heapMib`: the worker's old-generation heap limit (default `JUDGE_HEAP_MIB`). */
  constructor(options: { heapMib?: number } = {}) {
    this.#heapMib = options.heapMib ?? JUDGE_HEAP_MIB;
  }

  /** Judges `exchange` with the catalogue (or the checks `ids`) on the worker; rejects `JudgingUnfinished`. */
  judgeExchange(exchange: Exchange, ids: string[] | undefined, signal?: AbortSignal): Promise<Judgement> {
    const body = wireText(exchange.response?.bodyText ?? "");
    const response = exchange.response && { ...exchange.response, bodyText: "", json: undefined };
    const light: Exchange = { ...exchange, ...(response ? { response } : {}) };
    return this.#post(
      { type: "exchange", id: ++this.#ids, exchange: light, body, ...(ids ? { ids } : {}) },
      signal,
    );
  }

  /**
   * Judges an exchange whose body nobody decoded (transport/lazy-body.ts): the raw bytes are copied once and
   * moved to the worker, which decodes them as the transport would and answers the judgement with what the
   * runner reads of the response (`ResponseFacts`). Posted `BATCH` at a time (or within a millisecond):
   * each message wakes the worker, and on this project's virtual machines a wake-up costs the posting thread
   * about as much as judging a small body.
   */
  judgeUndecoded(exchange: Exchange, raw: UndecodedBody, signal?: AbortSignal): Promise<JudgedAhead> {
    const { status, headers, durationMs } = exchange.response ?? { status: 0, headers: {}, durationMs: 0 };
    const light: Exchange = {
      operation: exchange.operation,
      request: exchange.request,
      response: { status, headers, bodyText: "", durationMs },
    };
    const undecoded = raw.truncatedReason === undefined ? {} : { truncatedReason: raw.truncatedReason };
    const job: JudgeJob = {
      type: "exchange",
      id: ++this.#ids,
      exchange: light,
      body: new Uint8Array(raw.bytes),
      undecoded,
    };
    return this.#post(job, signal, true);
  }

  /**
   * Judges in this thread the newest job not posted to the worker yet, with the worker's own code
   * (judge-job.ts); false when there is none, or it is too large to judge here (`JUDGE_IN_THREAD_CHARS`,
   * as everywhere: a deadline must be able to end its judging). A caller that would otherwise wait for the
   * worker helps it instead.
   */
  judgeOneHere(): boolean {
    const job = this.#outbox.at(-1);
    if (
      !job ||
      (typeof job.body === "string" ? job.body.length : job.body.byteLength) > JUDGE_IN_THREAD_CHARS
    )
      return false;
    this.#outbox.pop();
    // A job waiting here is always pending: `#end` drops the waiting jobs with their promises.
    const pending = this.#pending.get(job.id) as Pending;
    this.#pending.delete(job.id);
    this.#settle(pending, answerJob(job));
    return true;
  }

  /** `validateText` on the worker; a `HarnessError` it throws (bad JSON) is thrown here as one. */
  validateText(
    text: string,
    options: ResolvedValidateOptions,
    source: string,
    signal?: AbortSignal,
  ): Promise<ValidateResult> {
    const body = wireText(text);
    return this.#post({ type: "document", id: ++this.#ids, body, options, source }, signal);
  }

  /** Starts the worker now (it takes about half a second), so that it is ready when the first job comes. */
  warm(): void {
    this.#worker ??= this.#start();
  }

  /** Ends the worker, if one runs (jobs still on it are rejected as aborted). */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#end(aborted());
    if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
  }

  #post<T>(job: JudgeJob, signal: AbortSignal | undefined, batched = false): Promise<T> {
    if (signal?.aborted) return Promise.reject(aborted());
    this.#worker ??= this.#start();
    if (signal && !this.#watched.has(signal)) {
      this.#watched.add(signal);
      signal.addEventListener("abort", () => this.#aborted(signal), { once: true });
    }
    const answered = new Promise<T>((resolve, reject) => {
      this.#pending.set(job.id, { resolve: resolve as (v: unknown) => void, reject, signal });
    });
    this.#outbox.push(job);
    if (!batched) this.#flush(Number.POSITIVE_INFINITY);
    else if (this.#outbox.length >= BATCH) this.#flush();
    else this.#flushTimer ??= setTimeout(() => this.#flush(), 1);
    return answered;
  }

  /**
   * Posts the oldest jobs given so far, in one message, while fewer than `MAX_POSTED` are on the worker (or
   * up to `room`): the others wait here, where `judgeOneHere` can take them when the worker falls behind.
   */
  #flush(room = MAX_POSTED - this.#posted): void {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    const jobs = this.#outbox.splice(0, Math.max(0, room));
    this.#posted += jobs.length;
    // With the worker full, its next batch of replies posts the rest (`#answer`).
    if (this.#outbox.length > 0 && this.#posted < MAX_POSTED)
      this.#flushTimer = setTimeout(() => this.#flush(), 1);
    if (jobs.length === 0) return;
    // Callbacks on one promise run in the order they were added: jobs reach the worker in order.
    this.#worker?.then(
      (w) => {
        const live = jobs.filter((job) => this.#pending.has(job.id));
        if (live.length > 0)
          w.postMessage(
            live,
            live.flatMap((job) => (typeof job.body === "string" ? [] : [job.body.buffer as ArrayBuffer])),
          );
      },
      () => undefined,
    );
  }

  /**
   * Answers the jobs of one batch of replies. The worker has room again: jobs given since are posted at once
   * rather than when a batch fills, so that it is never left idle.
   */
  #answer(replies: JobReply[]): void {
    for (const reply of replies) {
      // Late replies of a worker already ended (and its count reset) must not open room twice.
      this.#posted = Math.max(0, this.#posted - 1);
      const pending = this.#pending.get(reply.id);
      if (!pending) continue;
      this.#pending.delete(reply.id);
      this.#settle(pending, reply);
    }
    if (this.#outbox.length > 0) this.#flush();
  }

  /** Resolves or rejects a job with its reply, wherever it was judged. */
  #settle(pending: Pending, reply: JobReply): void {
    if (reply.type === "done") pending.resolve(reply.value);
    else pending.reject(rebuild(reply));
  }

  /** A signal aborted: the worker ends when a job of that signal is still on it. */
  #aborted(signal: AbortSignal): void {
    if ([...this.#pending.values()].some((job) => job.signal === signal)) this.#end(aborted());
  }

  /** Ends the current worker (the next job starts another) and rejects every job still on it with `err`. */
  #end(err: JudgingUnfinished): void {
    const worker = this.#worker;
    this.#worker = undefined;
    void worker?.then((w) => w.terminate()).catch(() => undefined);
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    this.#outbox = [];
    this.#posted = 0;
    for (const job of pending) job.reject(err);
  }

  #start(): Promise<Worker> {
    this.started++;
    const worker = startWorkerThread(
      siblingModule(import.meta.url, "judge-worker"),
      { [JUDGE_WORKER_FLAG]: true },
      { maxOldGenerationSizeMb: this.#heapMib, maxYoungGenerationSizeMb: 16 },
    );
    const current = new Promise<Worker>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`it exited (${code}) before it was ready`));
      const onReady = (m: JudgeReply) => {
        if (m.type !== "ready") return;
        worker.off("error", reject).off("exit", onExit).off("message", onReady);
        worker
          .on("message", (replies: JobReply[]) => this.#answer(replies))
          .on("error", (err: Error & { code?: string }) =>
            this.#endIfCurrent(current, unfinishedBy(err, this.#heapMib)),
          )
          .on("exit", (code: number) =>
            this.#endIfCurrent(
              current,
              new JudgingUnfinished("worker-died", `the judging worker exited (${code})`),
            ),
          );
        resolve(worker);
      };
      worker.on("error", reject).on("exit", onExit).on("message", onReady);
    });
    current.catch((err: Error & { code?: string }) =>
      this.#endIfCurrent(current, unfinishedBy(err, this.#heapMib)),
    );
    return current;
  }

  /** Ends the worker `which` when it is still the current one (a worker already replaced ends quietly). */
  #endIfCurrent(which: Promise<Worker>, err: JudgingUnfinished): void {
    if (this.#worker === which) this.#end(err);
  }
}

/**
 * A body as it travels to the worker: a large one as UTF-8 bytes, transferred (a string would be copied,
 * and its copy held by both threads); a small one as the string (copied, but never transcoded twice).
 */
function wireText(text: string): Uint8Array | string {
  return text.length > JUDGE_IN_THREAD_CHARS ? new TextEncoder().encode(text) : text;
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
function rebuild(reply: Extract<JobReply, { type: "threw" }>): Error {
  if (reply.name === "HarnessError" && reply.code)
    return new HarnessError(reply.code as HarnessErrorCode, reply.message);
  const err = new Error(reply.message);
  err.name = reply.name;
  return err;
}
