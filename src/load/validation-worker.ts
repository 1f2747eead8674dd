/**
 * Worker thread that runs the check catalogue on raw response bodies, so that JSON parsing and schema
 * validation never hold up the load generator's event loop (which would slow the load and skew latency).
 * Messages: `table` (the requests of a mix, once), `jobs` (batches of responses); replies `done` with
 * the verdict on each.
 */
import { parentPort, workerData } from "node:worker_threads";
import { countContainers, MAX_CONTAINERS } from "../bounded-json.js";
import type { CheckFailure } from "../checks/check.js";
import { runChecks } from "../checks/run-checks.js";
import type { Exchange, OperationId, RecordedRequest } from "../transport/exchange.js";

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

/** Messages into the worker. */
export type ToWorker =
  | {
      type: "table";
      table: number;
      requests: { operation: OperationId; recorded: RecordedRequest }[];
      checks: string[];
    }
  | { type: "jobs"; jobs: ValidationJob[] };

/** The verdict on one response (`failures` empty when it passed). */
export interface JobFailures {
  seq: number;
  table: number;
  index: number;
  status: number;
  failures: CheckFailure[];
}

/** Messages out of the worker. */
export type FromWorker = { type: "ready" } | { type: "done"; count: number; results: JobFailures[] };

const tables = new Map<
  number,
  { requests: { operation: OperationId; recorded: RecordedRequest }[]; checks: string[] }
>();

/** Judges one job (exported for the in-thread path and tests). */
export function judgeJob(
  job: ValidationJob,
  request: { operation: OperationId; recorded: RecordedRequest },
  checks?: readonly string[],
): CheckFailure[] {
  let json: unknown;
  let bodyError: string | undefined;
  // A body opening millions of arrays and objects is judged by that count (response.structure_bounded),
  // not parsed into hundreds of MiB.
  const containers = countContainers(job.body);
  if (job.body.length === 0) bodyError = "empty body";
  else if (containers > MAX_CONTAINERS)
    bodyError = `body not parsed: it opens more than ${MAX_CONTAINERS} arrays and objects`;
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
      ...(containers > MAX_CONTAINERS ? { containers } : {}),
      durationMs: job.durationMs,
    },
  };
  return runChecks(exchange, checks);
}

function warmUp(): void {
  // The first validation compiles every schema (about a second); do it before the load starts.
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

/** Marks the worker's `workerData`, so that importing this module elsewhere starts nothing. */
export const WORKER_FLAG = "cbcheckValidationWorker";

if (parentPort && (workerData as Record<string, unknown> | null)?.[WORKER_FLAG] === true) {
  const port = parentPort;
  warmUp();
  port.on("message", (message: ToWorker) => {
    if (message.type === "table") {
      tables.set(message.table, { requests: message.requests, checks: message.checks });
      return;
    }
    const results: JobFailures[] = [];
    for (const job of message.jobs) {
      const t = tables.get(job.table)!;
      const failures = judgeJob(job, t.requests[job.index], t.checks);
      results.push({ seq: job.seq, table: job.table, index: job.index, status: job.status, failures });
    }
    port.postMessage({ type: "done", count: message.jobs.length, results } satisfies FromWorker);
  });
  port.postMessage({ type: "ready" } satisfies FromWorker);
}
