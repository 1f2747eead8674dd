/**
 * Worker thread that runs the check catalogue on raw response bodies, so that JSON parsing and schema
 * validation never hold up the load generator's event loop (which would slow the load and skew latency).
 * Each batch brings the request tables (the requests of a mix) this worker has not had yet, and responses;
 * the reply is the verdict on each response.
 */
import { pastStructureBounds, unparsedReason } from "../bounded-json.js";
import type { CheckFailure } from "../checks/check.js";
import { runChecks } from "../checks/run-checks.js";
import type { Exchange, OperationId, RecordedRequest } from "../transport/exchange.js";
import { serveBatches } from "../worker-serve.js";

/** One response to judge. */
export interface ValidationJob {
  /** Sequence number given by the pool. */
  seq: number;
  table: number;
  /** Index of the request in its table. */
  index: number;
  status: number;
  headers: Record<string, string>;
  body: string;
  durationMs: number;
}

/** The requests of one mix, and the checks run on its responses. */
export interface RequestTable {
  table: number;
  requests: { operation: OperationId; recorded: RecordedRequest }[];
  checks: string[];
}

/** One batch for the worker: the tables it has not had yet, and responses to judge. */
export interface ValidationBatch {
  tables: RequestTable[];
  jobs: ValidationJob[];
}

/** The verdict on one response (`failures` empty when it passed), or why it has none (`unjudged`). */
export interface JobFailures {
  seq: number;
  table: number;
  index: number;
  status: number;
  failures: CheckFailure[];
  /** Set when the body was not judged: the validation worker died with it. */
  unjudged?: string;
}

/** Judges one job (exported for the in-thread path and tests). */
export function judgeJob(
  job: ValidationJob,
  request: { operation: OperationId; recorded: RecordedRequest },
  checks?: readonly string[],
): CheckFailure[] {
  let json: unknown;
  let bodyError: string | undefined;
  // A body past the structure bounds (millions of arrays, objects or members) is judged by that count
  // (response.structure_bounded), not parsed into hundreds of MiB.
  const past = pastStructureBounds(job.body);
  if (job.body.length === 0) bodyError = "empty body";
  else if (past) bodyError = unparsedReason(past);
  else {
    try {
      json = JSON.parse(job.body);
    } catch (err) {
      bodyError = err instanceof Error ? err.message : String(err);
    }
  }
  const exchange: Exchange = {
    operation: request.operation,
    request: request.recorded,
    response: {
      status: job.status,
      headers: job.headers,
      bodyText: job.body,
      json,
      bodyError,
      ...past,
      durationMs: job.durationMs,
    },
  };
  return runChecks(exchange, checks);
}

function warmUp(): void {
  // The first validation readies the validators (loaded precompiled, or compiled: about a second when schemas/
  // changed without `npm run gen:validators`); do it before the load starts.
  const recorded: RecordedRequest = {
    method: "GET",
    baseUrl: "http://127.0.0.1/v1",
    path: "/resolve",
    query: {},
    headers: {},
  };
  const job = { seq: 0, table: 0, index: 0, status: 200, headers: {}, body: "{}", durationMs: 0 };
  try {
    judgeJob(job, { operation: "resolve", recorded });
  } catch {
    // A broken catalogue shows up on the first real job, with its message.
  }
}

serveBatches<ValidationBatch, JobFailures[]>(import.meta.url, () => {
  warmUp();
  const tables = new Map<number, RequestTable>();
  return ({ tables: added, jobs }) => {
    for (const t of added) tables.set(t.table, t);
    return jobs.map((job) => {
      const t = tables.get(job.table) as RequestTable;
      const failures = judgeJob(job, t.requests[job.index], t.checks);
      return { seq: job.seq, table: job.table, index: job.index, status: job.status, failures };
    });
  };
});
