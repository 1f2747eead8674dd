/** The messages between the judging thread (judge-thread.ts) and its worker (judge-worker.ts). */
import type { Exchange } from "../../transport/exchange.js";
import type { Judgement } from "../run-checks.js";
import type { ResponseFacts } from "../support/response-facts.js";
import type { ResolvedValidateOptions } from "../validate/options.js";

/**
 * A job for the worker (posted in arrays). `body` is the response or document text: as UTF-8 bytes,
 * transferred (not copied), when it is large; as the string itself (one copy, no transcoding) otherwise.
 */
export type JudgeJob =
  | {
      type: "exchange";
      id: number;
      exchange: Exchange;
      body: Uint8Array | string;
      ids?: string[];
      /**
       * Present when `body` is the raw response body that nobody decoded yet (transport/lazy-body.ts): the
       * worker decodes it as the transport would, and answers a `JudgedAhead`.
       */
      undecoded?: { truncatedReason?: string };
    }
  | {
      type: "document";
      id: number;
      body: Uint8Array | string;
      options: ResolvedValidateOptions;
      source: string;
    };

/** What the worker answers: ready once started, then one reply per job (a batch of jobs: an array of them). */
export type JudgeReply = { type: "ready" } | JobReply;

/** The reply to one job: its value, or what it threw. */
export type JobReply =
  | { type: "done"; id: number; value: unknown }
  | { type: "threw"; id: number; name: string; code?: string; message: string };

/** Marks the worker's `workerData`, so that importing its module elsewhere starts nothing. */
export const JUDGE_WORKER_FLAG = "cbcheckJudgeWorker";

/** The answer to a job with an undecoded body: the judgement and what the runner reads of the response. */
export interface JudgedAhead {
  judgement: Judgement;
  facts: ResponseFacts;
}
