/** The messages between the judging thread (judge-thread.ts) and its worker (judge-worker.ts). */
import type { Exchange } from "../../transport/exchange.js";
import type { ResolvedValidateOptions } from "../validate/options.js";

/** A job for the worker; `body` is the response or document text as UTF-8, transferred (not copied). */
export type JudgeJob =
  | { type: "exchange"; id: number; exchange: Exchange; body: Uint8Array; ids?: string[] }
  | { type: "document"; id: number; body: Uint8Array; options: ResolvedValidateOptions; source: string };

/** What the worker answers: ready once started, then one reply per job. */
export type JudgeReply =
  | { type: "ready" }
  | { type: "done"; id: number; value: unknown }
  | { type: "threw"; id: number; name: string; code?: string; message: string };

/** Marks the worker's `workerData`, so that importing its module elsewhere starts nothing. */
export const JUDGE_WORKER_FLAG = "cbcheckJudgeWorker";
