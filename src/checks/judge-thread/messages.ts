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

/** The reply to one job (a batch of jobs is answered with an array of them): its value, or what it threw. */
export type JobReply =
  | { type: "done"; id: number; value: unknown }
  | { type: "threw"; id: number; name: string; code?: string; message: string };

/** The answer to a job with an undecoded body: the judgement and what the runner reads of the response. */
export interface JudgedAhead {
  judgement: Judgement;
  facts: ResponseFacts;
}
