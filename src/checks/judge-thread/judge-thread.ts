/**
 * A judging worker thread that the deadline can stop. Judging a body is bounded by caps, but a body
 * crafted to be slow to judge (a million keys in one object) can still take many seconds on the main
 * thread, where no timer can interrupt it. Here it runs on a worker that `signal` ends at once
 * (`WorkerHost`: `Worker.terminate`); the next job starts a new worker. Jobs run one at a time, in order.
 */
import { HarnessError, type HarnessErrorCode } from "../../errors.js";
import type { Exchange } from "../../transport/exchange.js";
import type { UndecodedBody } from "../../transport/lazy-body.js";
import { WorkerHost, type WorkerLost } from "../../worker-host.js";
import { siblingModule } from "../../worker-thread.js";
import type { Judgement } from "../run-checks.js";
import type { ResolvedValidateOptions } from "../validate/options.js";
import type { ValidateResult } from "../validate/validate-document.js";
import { answerJob } from "./judge-job.js";
import type { JobReply, JudgedAhead, JudgeJob } from "./messages.js";

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

/** A job given and not answered yet: waiting here, or posted in a batch. */
interface Waiting {
  job: JudgeJob;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  signal: AbortSignal | undefined;
}

/**
 * The scheduling of jobs onto the judging worker (its lifecycle — start, heap cap, death, restart — is a
 * `WorkerHost`'s). Jobs are posted without waiting for the answers to earlier ones (the worker runs them one
 * at a time, in order), so that a run judging every exchange ahead keeps the worker busy; batched jobs wait
 * here beyond `MAX_POSTED`, where a caller can judge the newest itself. When a job's signal aborts, the jobs
 * of that signal waiting here are rejected, and the worker is ended if one is on it (with every job on it);
 * a worker that dies rejects the jobs on it, and the next batch starts a new one.
 */
export class JudgeThread {
  readonly #host: WorkerHost<JudgeJob[], JobReply[]>;
  /** Signals listened to, once each (a run posts thousands of jobs with its one deadline signal). */
  readonly #watched = new WeakSet<AbortSignal>();
  #ids = 0;
  /** Jobs not posted yet, oldest first. */
  #outbox: Waiting[] = [];
  /** Jobs posted and not answered yet. */
  #posted = 0;
  #flushTimer?: NodeJS.Timeout;

  /** `heapMib`: the worker's old-generation heap limit (default `JUDGE_HEAP_MIB`). */
  constructor(options: { heapMib?: number } = {}) {
    this.#host = new WorkerHost({
      entry: siblingModule(import.meta.url, "judge-worker"),
      heapMib: options.heapMib ?? JUDGE_HEAP_MIB,
      youngMib: 16,
      name: "the judging worker",
      // It judges each job on its own (its memo of verdicts is keyed by the whole body): a next run may use it.
      reusable: true,
    });
  }

  /** Workers started so far (a stop or a death ends one; the next job starts another). */
  get started(): number {
    return this.#host.started;
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
    const waiting = this.#outbox.at(-1);
    if (!waiting || bodyLength(waiting.job) > JUDGE_IN_THREAD_CHARS) return false;
    this.#outbox.pop();
    settle(waiting, answerJob(waiting.job));
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
    this.#host.ready().catch(() => undefined);
  }

  /** Ends the worker, if one runs: jobs still on it or waiting here are rejected as aborted. */
  async close(): Promise<void> {
    clearTimeout(this.#flushTimer);
    for (const waiting of this.#outbox.splice(0)) waiting.reject(aborted());
    await this.#host.close();
  }

  #post<T>(job: JudgeJob, signal: AbortSignal | undefined, batched = false): Promise<T> {
    if (signal?.aborted) return Promise.reject(aborted());
    if (signal && !this.#watched.has(signal)) {
      this.#watched.add(signal);
      signal.addEventListener("abort", () => this.#dropWaiting(signal), { once: true });
    }
    return new Promise<T>((resolve, reject) => {
      this.#outbox.push({ job, resolve: resolve as (value: unknown) => void, reject, signal });
      if (!batched) this.#flush(Number.POSITIVE_INFINITY);
      else if (this.#outbox.length >= BATCH) this.#flush();
      else this.#flushTimer ??= setTimeout(() => this.#flush(), 1);
    });
  }

  /**
   * Posts the oldest jobs given so far while fewer than `MAX_POSTED` are on the worker (or up to `room`): the
   * others wait here, where `judgeOneHere` can take them when the worker falls behind. Jobs of one signal go
   * in one batch (the signal that ends it).
   */
  #flush(room = MAX_POSTED - this.#posted): void {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    const jobs = this.#outbox.splice(0, Math.max(0, room));
    // With the worker full, its next batch of replies posts the rest (`#done`).
    if (this.#outbox.length > 0 && this.#posted + jobs.length < MAX_POSTED)
      this.#flushTimer = setTimeout(() => this.#flush(), 1);
    for (const batch of bySignal(jobs)) {
      this.#posted += batch.length;
      const transfer = batch.flatMap(({ job }) =>
        typeof job.body === "string" ? [] : [job.body.buffer as ArrayBuffer],
      );
      this.#host
        .post(
          batch.map((w) => w.job),
          transfer,
          batch[0].signal,
        )
        .then(
          (replies) => this.#done(batch, (w, i) => settle(w, replies[i])),
          (lost: WorkerLost) => this.#done(batch, (w) => w.reject(unfinishedBy(lost))),
        );
    }
  }

  /**
   * A batch is answered or lost: its jobs are settled, and the worker has room again: jobs given since are
   * posted at once rather than when a batch fills, so that it is never left idle.
   */
  #done(batch: Waiting[], each: (w: Waiting, i: number) => void): void {
    this.#posted -= batch.length;
    batch.forEach(each);
    if (this.#outbox.length > 0) this.#flush();
  }

  /** A signal aborted: its jobs waiting here are rejected (the host ends the worker if one is on it). */
  #dropWaiting(signal: AbortSignal): void {
    const [dropped, kept] = partition(this.#outbox, (w) => w.signal === signal);
    this.#outbox = kept;
    for (const waiting of dropped) waiting.reject(aborted());
  }
}

/** Resolves or rejects a job with its reply, wherever it was judged. */
function settle(waiting: Waiting, reply: JobReply): void {
  if (reply.type === "done") waiting.resolve(reply.value);
  else waiting.reject(rebuild(reply));
}

/** Consecutive jobs of the same signal, in order. */
function bySignal(jobs: Waiting[]): Waiting[][] {
  const out: Waiting[][] = [];
  for (const w of jobs) {
    const last = out.at(-1);
    if (last && last[0].signal === w.signal) last.push(w);
    else out.push([w]);
  }
  return out;
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

const bodyLength = (job: JudgeJob) => (typeof job.body === "string" ? job.body.length : job.body.byteLength);

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

/** Why a job did not finish, from why its batch was lost. */
function unfinishedBy(lost: WorkerLost): JudgingUnfinished {
  if (lost.reason === "aborted") return aborted();
  return new JudgingUnfinished(
    lost.reason === "out-of-memory" ? "out-of-memory" : "worker-died",
    lost.message,
  );
}

/** The error a job threw in the worker, as the main thread would have seen it. */
function rebuild(reply: Extract<JobReply, { type: "threw" }>): Error {
  if (reply.name === "HarnessError" && reply.code)
    return new HarnessError(reply.code as HarnessErrorCode, reply.message);
  const err = new Error(reply.message);
  err.name = reply.name;
  return err;
}
