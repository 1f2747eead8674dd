/**
 * Large bodies are judged on the judging worker as soon as they arrive (in `dispatch`, before the suite
 * sees the exchange), so that the run's deadline can end a judgement that would hold the main thread;
 * the suite's synchronous `ctx.judge` then reads the judgement made. Small bodies are judged in the main
 * thread when the suite asks (a worker round trip would only slow them down), except in long sequential
 * `schema` rounds: there every body goes to the worker undecoded, and is decoded and judged on the second
 * core while the main thread sends the next calls and serves them.
 */

import {
  isJudgedInThread,
  JUDGE_IN_THREAD_CHARS,
  JudgeThread,
  JudgingUnfinished,
} from "../checks/judge-thread/judge-thread.js";
import { failuresByCheck, type Judgement, judgeExchange } from "../checks/run-checks.js";
import { type ResponseFacts, responseFacts } from "../checks/support/response-facts.js";
import type { Exchange } from "../transport/exchange.js";
import type { UndecodedBody } from "../transport/lazy-body.js";

/** The judgements of large bodies made on the worker, by exchange. */
export class Prejudged {
  readonly thread = new JudgeThread();
  readonly #done = new WeakMap<Exchange, Judgement | JudgingUnfinished>();

  /**
   * Judges `exchange` on the worker when its body is large; `signal` (the run's deadline) ends that
   * judgement. Returns why it did not finish, when it did not.
   */
  async add(exchange: Exchange, signal: AbortSignal): Promise<JudgingUnfinished | undefined> {
    if (!isJudgedInThread(exchange)) return undefined;
    try {
      this.#done.set(exchange, await this.thread.judgeExchange(exchange, undefined, signal));
      return undefined;
    } catch (err) {
      if (!(err instanceof JudgingUnfinished)) throw err;
      this.#done.set(exchange, err);
      return err;
    }
  }

  /**
   * Judges an exchange whose body nobody decoded (a long sequential `schema` round) on the worker, which
   * decodes it there; resolves with what the runner reads of the response. When the worker could not judge
   * it, that is read here instead, and `judge` then judges it here (a check that threw there throws here,
   * where the crash is recorded) or throws why it did not finish: the deadline, or, for a body too large to
   * judge here, the heap or a dead worker. A worker that dies ends every job on it: a small body caught in
   * that is judged here, as it would have been outside a long round.
   */
  async addUndecoded(exchange: Exchange, raw: UndecodedBody, signal: AbortSignal): Promise<ResponseFacts> {
    try {
      const { judgement, facts } = await this.thread.judgeUndecoded(exchange, raw, signal);
      this.#done.set(exchange, judgement);
      return facts;
    } catch (err) {
      const unfinished =
        err instanceof JudgingUnfinished &&
        (err.reason === "aborted" || raw.bytes.length > JUDGE_IN_THREAD_CHARS);
      if (unfinished) this.#done.set(exchange, err);
      return responseFacts(exchange);
    }
  }

  /**
   * The checks `ids` (default all) on `exchange`: the worker's judgement when one was made, else judged
   * here. Throws `JudgingUnfinished` for an exchange whose judgement on the worker did not finish.
   */
  judge(exchange: Exchange, ids?: readonly string[]): Judgement {
    const done = this.#done.get(exchange);
    if (done === undefined) return judgeExchange(exchange, ids);
    if (done instanceof JudgingUnfinished) throw done;
    if (!ids) return done;
    // In the order of `ids`, as `judgeExchange(exchange, ids)` would have judged them.
    const applied = new Set(done.applicable);
    const byCheck = failuresByCheck(done.failures);
    return {
      failures: ids.flatMap((id) => byCheck.get(id) ?? []),
      applicable: ids.filter((id) => applied.has(id)),
    };
  }
}
