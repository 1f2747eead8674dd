/**
 * Judges every response under load. On the load generator's thread, only what is cheap: the status the
 * profile expects, the error code, and `Retry-After` on a 429. The body (schemas and the semantic checks
 * of the catalogue) goes to the validation pool — for all responses, or a sample — or is judged inline
 * when no pool is given.
 */
import { CATALOGUE } from "../checks/catalogue.js";
import type { Check, CheckFailure } from "../checks/check.js";
import { rateRetryAfterOn429 } from "../checks/rate-retry-after-on-429.js";
import { runChecks } from "../checks/run-checks.js";
import { type MaskedBody, maskRequestId, responseKey, VerdictMemo } from "../checks/support/verdict-memo.js";
import type { Exchange } from "../transport/exchange.js";
import { LOAD } from "../verdicts/load.js";
import type { Verdict } from "../vocabulary/verdict.js";
import type { ResponseSample } from "./drive-load.js";
import type { PreparedRequest } from "./request-mix.js";
import { exampleFor, type Tallies, type Tally } from "./tallies.js";
import type { ValidationPool } from "./validation-pool.js";
import { judgeJob, type ValidationJob } from "./validation-worker.js";

/** Judged on every 429, sampled or not: headers are always checked. */
const RETRY_AFTER_CHECK = rateRetryAfterOn429.id;
/** Codes of a 429 (Errors: "`volume_limit`, `expense_limit`"). */
const THROTTLE_CODES = ["volume_limit", "expense_limit"];
const checksById = new Map<string, Check>(CATALOGUE.map((c) => [c.id, c]));
/** Checks run on bodies (the Retry-After check already ran on the load thread). */
const BODY_CHECKS = CATALOGUE.map((c) => c.id).filter((id) => id !== RETRY_AFTER_CHECK);

/** Judges responses of one profile run into `tallies`. */
export class ResponseJudge {
  #seen = 0;
  #seq = 0;
  readonly #sampleRate: number;
  readonly #index = new Map<PreparedRequest, number>();
  readonly #badSeqs = new Set<number>();
  readonly #pending = new Map<number, { key: string; masked: MaskedBody }>();
  readonly #memo = new VerdictMemo();
  // The two rows every response touches, by mix item: no key building on the hot path.
  readonly #statusRows = new Map<string, Tally>();
  readonly #allRows = new Map<string, Tally>();
  /** Bodies not judged per mix item (their validation worker died). */
  readonly #unjudged = new Map<string, number>();
  readonly #pool?: ValidationPool;
  readonly #table: number = 0;
  /** Responses that broke an expectation or an error-severity check. */
  bad = 0;
  /** 429s allowed as throttling. */
  throttled = 0;
  readonly #allowThrottle: boolean;

  constructor(
    private readonly tallies: Tallies,
    private readonly requests: PreparedRequest[],
    options: { sampleRate?: number; pool?: ValidationPool; allowThrottle?: boolean } = {},
  ) {
    this.#sampleRate = options.sampleRate ?? 1;
    this.#allowThrottle = options.allowThrottle ?? false;
    requests.forEach((r, i) => {
      this.#index.set(r, i);
    });
    this.#pool = options.pool;
    if (this.#pool) {
      this.#table = this.#pool.addTable(requests, BODY_CHECKS, (r) => {
        const pending = this.#pending.get(r.seq);
        this.#pending.delete(r.seq);
        if (r.unjudged !== undefined) {
          this.#badSeqs.delete(r.seq);
          this.#bodyUnjudged(this.requests[r.index], r.unjudged);
          return;
        }
        if (pending) this.#memo.remember(pending.key, pending.masked, r.failures);
        this.#bodyVerdict(this.requests[r.index], r.status, r.failures, !this.#badSeqs.delete(r.seq));
      });
    }
  }

  /** Tallies a body verdict; `wasGood` says whether the cheap checks had passed (for the error rate). */
  #bodyVerdict(request: PreparedRequest, status: number, failures: CheckFailure[], wasGood: boolean): void {
    const all = this.#row(this.#allRows, LOAD.responseChecks, request.name);
    all.judged++;
    if (!this.#tally(request, status, failures)) return;
    all.failed++;
    if (wasGood) this.bad++;
  }

  /** A body the pool could not judge (its worker died): the item's body verdict is inconclusive, never a pass. */
  #bodyUnjudged(request: PreparedRequest, why: string): void {
    const count = (this.#unjudged.get(request.name) ?? 0) + 1;
    this.#unjudged.set(request.name, count);
    const all = this.#row(this.#allRows, LOAD.responseChecks, request.name);
    all.inconclusive = true;
    all.message = `${count} response bod${count === 1 ? "y" : "ies"} not judged: ${why}`;
  }

  /** Judges one response (body checks may finish later, in the pool). */
  judge(sample: ResponseSample): void {
    const { request, status } = sample;
    const seq = ++this.#seq;
    const headers = sample.headers;
    const isThrottled = status === 429 && this.#allowThrottle && !request.expect.statuses.includes(429);
    let good = isThrottled ? this.#judgeThrottle(request, sample.body) : this.#judgeStatus(request, status);
    if (!isThrottled && status >= 400 && request.expect.codes) {
      good = this.#judgeCode(request, status, sample.body) && good;
    }
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

  #row(rows: Map<string, Tally>, verdict: Verdict, item: string): Tally {
    let row = rows.get(item);
    if (!row) {
      row = this.tallies.get(verdict, item);
      rows.set(item, row);
    }
    return row;
  }

  #judgeStatus(request: PreparedRequest, status: number): boolean {
    const verdict = LOAD.expectedStatus;
    if (request.expect.statuses.includes(status)) {
      this.#row(this.#statusRows, verdict, request.name).judged++;
      return true;
    }
    this.tallies.fail(
      verdict,
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

  /** A 429 outside the rate-limit profile: allowed when its code is one the Errors table lists for 429. */
  #judgeThrottle(request: PreparedRequest, body: string): boolean {
    this.throttled++;
    const verdict = LOAD.throttledWellFormed;
    const code = errorCode(body);
    if (code !== undefined && THROTTLE_CODES.includes(code)) {
      this.tallies.pass(verdict);
      return true;
    }
    this.tallies.fail(
      verdict,
      undefined,
      exampleFor(request, {
        title: `${request.name}: 429 with code ${code ?? "(none)"}`,
        pointer: "/error/code",
        expected: THROTTLE_CODES.join(" or "),
        received: code ?? "(absent)",
        status: 429,
      }),
    );
    return false;
  }

  #judgeCode(request: PreparedRequest, status: number, body: string): boolean {
    const verdict = LOAD.expectedCode;
    const code = errorCode(body);
    if (code !== undefined && request.expect.codes?.includes(code)) {
      this.tallies.pass(verdict, request.name);
      return true;
    }
    this.tallies.fail(
      verdict,
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
      if (failure.severity === "error") isBad = true;
      const example = exampleFor(request, {
        title: failure.title,
        pointer: failure.pointer,
        expected: failure.expected,
        received: failure.received,
        status,
      });
      // Every failure here comes from a check of the catalogue; an unknown id still shows (registry tests fail on it).
      const check = checksById.get(failure.checkId);
      const verdict = check ?? {
        id: failure.checkId,
        section: "",
        sentence: failure.title,
        level: "fail" as const,
      };
      this.tallies.fail(verdict, request.name, example, failure.severity);
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
