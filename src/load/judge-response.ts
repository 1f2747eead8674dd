/**
 * Judges every response under load. On the load generator's thread, only what is cheap: the status the
 * profile expects, the error code, and `Retry-After` on a 429. The body (schemas and the semantic checks
 * of the catalogue) goes to the validation pool — for all responses, or a sample — or is judged inline
 * when no pool is given.
 */
import { CATALOGUE } from "../checks/catalogue.js";
import type { Check, CheckFailure } from "../checks/check.js";
import { runChecks } from "../checks/run-checks.js";
import type { Exchange } from "../transport/exchange.js";
import type { ResponseSample } from "./drive-load.js";
import { exampleFor, type Finding, type Findings } from "./findings.js";
import type { PreparedRequest } from "./request-mix.js";
import type { ValidationPool } from "./validation-pool.js";
import { judgeJob, type ValidationJob } from "./validation-worker.js";
import { type MaskedBody, maskRequestId, responseKey, VerdictMemo } from "./verdict-memo.js";

/** Contract sentences of the rules this file enforces itself. */
export const RULES = {
  status: {
    id: "load.expected_status",
    section: "Errors",
    sentence: "Status codes listed for the operations (the profile names the statuses each request must get)",
  },
  code: {
    id: "load.expected_code",
    section: "Errors",
    sentence:
      "Error body: `code` (string, required, stable machine-readable) — one of the profile's expected codes",
  },
  all: {
    id: "load.response_checks",
    section: "Resources and their fields",
    sentence: "Every response under load passes the check catalogue (schemas and semantic checks)",
  },
} as const;

/** Judged on every 429, sampled or not: headers are always checked. */
const RETRY_AFTER_CHECK = "rate.retry_after_on_429";
const checksById = new Map<string, Check>(CATALOGUE.map((c) => [c.id, c]));
/** Checks run on bodies (the Retry-After check already ran on the load thread). */
export const BODY_CHECKS = CATALOGUE.map((c) => c.id).filter((id) => id !== RETRY_AFTER_CHECK);

/** Judges responses of one profile run into `findings`. */
export class ResponseJudge {
  #seen = 0;
  #seq = 0;
  readonly #sampleRate: number;
  readonly #index = new Map<PreparedRequest, number>();
  readonly #badSeqs = new Set<number>();
  readonly #pending = new Map<number, { key: string; masked: MaskedBody }>();
  readonly #memo = new VerdictMemo();
  // The two rows every response touches, by mix item: no key building on the hot path.
  readonly #statusRows = new Map<string, Finding>();
  readonly #allRows = new Map<string, Finding>();
  readonly #pool?: ValidationPool;
  readonly #table: number = 0;
  /** Responses that broke an expectation or an error-severity check. */
  bad = 0;

  constructor(
    private readonly findings: Findings,
    private readonly requests: PreparedRequest[],
    options: { sampleRate?: number; pool?: ValidationPool } = {},
  ) {
    this.#sampleRate = options.sampleRate ?? 1;
    requests.forEach((r, i) => {
      this.#index.set(r, i);
    });
    this.#pool = options.pool;
    if (this.#pool) {
      this.#table = this.#pool.addTable(requests, BODY_CHECKS, (r) => {
        const pending = this.#pending.get(r.seq);
        this.#pending.delete(r.seq);
        if (pending) this.#memo.remember(pending.key, pending.masked, r.failures);
        this.#bodyVerdict(this.requests[r.index], r.status, r.failures, !this.#badSeqs.delete(r.seq));
      });
    }
  }

  /** Tallies a body verdict; `wasGood` says whether the cheap checks had passed (for the error rate). */
  #bodyVerdict(request: PreparedRequest, status: number, failures: CheckFailure[], wasGood: boolean): void {
    const all = this.#row(this.#allRows, RULES.all, request.name);
    all.judged++;
    if (!this.#tally(request, status, failures)) return;
    all.failed++;
    if (wasGood) this.bad++;
  }

  /** Judges one response (body checks may finish later, in the pool). */
  judge(sample: ResponseSample): void {
    const { request, status } = sample;
    const seq = ++this.#seq;
    const headers = sample.headers;
    let good = this.#judgeStatus(request, status);
    if (status >= 400 && request.expect.codes) good = this.#judgeCode(request, status, sample.body) && good;
    if (status === 429) {
      const exchange: Exchange = {
        operation: request.operation,
        request: request.recorded,
        response: { status, headers, bodyText: sample.body, durationMs: sample.endedAt - sample.sentAt },
      };
      good = !this.#tally(request, status, runChecks(exchange, [RETRY_AFTER_CHECK])) && good;
    }
    if (!good) this.bad++;
    if (!this.#isSampled()) return;
    const index = this.#index.get(request)!;
    const masked = maskRequestId(sample.body);
    const key = masked === undefined ? "" : responseKey(index, status, headers);
    const known = masked === undefined ? undefined : this.#memo.lookup(key, masked);
    if (known) {
      this.#bodyVerdict(request, status, known, good);
      return;
    }
    const job: ValidationJob = {
      seq,
      table: this.#table,
      index,
      status,
      headers,
      body: sample.body,
      durationMs: sample.endedAt - sample.sentAt,
    };
    if (!this.#pool) {
      const failures = judgeJob(job, request, BODY_CHECKS);
      if (masked !== undefined) this.#memo.remember(key, masked, failures);
      this.#bodyVerdict(request, status, failures, good);
      return;
    }
    if (!this.#pool.submit(job)) return;
    if (!good) this.#badSeqs.add(seq);
    if (masked !== undefined) this.#pending.set(seq, { key, masked });
  }

  #row(rows: Map<string, Finding>, rule: (typeof RULES)[keyof typeof RULES], item: string): Finding {
    let row = rows.get(item);
    if (!row) {
      row = this.findings.get(rule, item);
      rows.set(item, row);
    }
    return row;
  }

  #judgeStatus(request: PreparedRequest, status: number): boolean {
    const rule = RULES.status;
    if (request.expect.statuses.includes(status)) {
      this.#row(this.#statusRows, rule, request.name).judged++;
      return true;
    }
    this.findings.fail(
      rule,
      request.name,
      exampleFor(request, {
        title: `${request.name}: status ${status}, expected ${request.expect.statuses.join(" or ")}`,
        expected: request.expect.statuses.join(", "),
        received: String(status),
        status,
      }),
    );
    return false;
  }

  #judgeCode(request: PreparedRequest, status: number, body: string): boolean {
    const rule = RULES.code;
    const code = errorCode(body);
    if (code !== undefined && request.expect.codes?.includes(code)) {
      this.findings.pass(rule, request.name);
      return true;
    }
    this.findings.fail(
      rule,
      request.name,
      exampleFor(request, {
        title: `${request.name}: ${status} with code ${code ?? "(none)"}`,
        pointer: "/error/code",
        expected: request.expect.codes?.join(", "),
        received: code ?? "(absent)",
        status,
      }),
    );
    return false;
  }

  #isSampled(): boolean {
    const n = ++this.#seen;
    return Math.floor(n * this.#sampleRate) !== Math.floor((n - 1) * this.#sampleRate);
  }

  /** Tallies check failures of one response; true when one of them is an error. */
  #tally(request: PreparedRequest, status: number, failures: CheckFailure[]): boolean {
    let isBad = false;
    for (const failure of failures) {
      const check = checksById.get(failure.checkId);
      if (failure.severity === "error") isBad = true;
      const example = exampleFor(request, {
        title: failure.title,
        pointer: failure.pointer,
        expected: failure.expected,
        received: failure.received,
        status,
      });
      const rule = {
        id: failure.checkId,
        sentence: check?.sentence ?? failure.title,
        section: check?.section,
      };
      this.findings.fail(rule, request.name, example, failure.severity);
    }
    return isBad;
  }
}

function errorCode(body: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const error = (value as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === "string" ? error.code : undefined;
}
