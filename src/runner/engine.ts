/**
 * The shared state of one run that every suite's context draws on: the transport, the sequential pacer,
 * the plan (call budget and pace), the guards (deadline, interruption, give-up: send-guard.ts), the keys and
 * the result collector.
 */
import { type ResponseFacts, responseFacts } from "../checks/support/response-facts.js";
import { SequentialPacer } from "../client/pacing.js";
import { headerSecrets } from "../extra-headers.js";
import { InputSpaceTally } from "../generate/index.js";
import { Redactor } from "../redactor.js";
import { HarRecorder } from "../report/har.js";
import type { Exchange } from "../transport/exchange.js";
import type { UndecodedBody } from "../transport/lazy-body.js";
import { Transport, type WireRequest } from "../transport/send.js";
import type { KeyChoice, PlannedRequest } from "../vocabulary/planned-request.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { CreditBudget } from "./credits/budget.js";
import type { ResolvedRunOptions } from "./options.js";
import { judgesAhead, type RunPlan } from "./plan.js";
import type { Prejudged } from "./prejudge.js";
import { ResultCollector } from "./results.js";
import type { RunStopped } from "./run-stopped.js";
import { SeenTally } from "./seen-tally.js";
import { SendGuard } from "./send-guard.js";
import type { Outcome } from "./suite.js";
import { toWireRequest } from "./wire-request.js";

/** A response judged ahead (`RunEngine.judgeAhead`). */
interface Ahead {
  exchange: Exchange;
  key: KeyChoice | undefined;
  /** What the runner reads of it, once read (by the worker, or here by `settleAhead`). */
  facts?: ResponseFacts;
  /** Whether the worker's judgement is in (`judged` has resolved). */
  done: boolean;
  judged: Promise<void>;
}

/** Keys of the run; kept here and never recorded. */
export interface RunKeys {
  main: string;
  free?: string;
  /** A revoked key (`--revoked-api-key-env`; the embedded server's own): the `revoked` choice. */
  revoked?: string;
  /** A Business Plus team key (`--team-api-key-env`): the `team` choice. */
  team?: string;
  /** A Plus key without credits (`--no-credits-api-key-env`): the `no-credits` choice. */
  noCredits?: string;
}

/** The resolved target. */
export interface RunTarget {
  baseUrl: string;
  altBaseUrl?: string;
  isLoopback: boolean;
  embedded: boolean;
}

/** One run's engine: plan, budget, pacing, deadline and results, shared by the suites. */
export class RunEngine {
  readonly transport: Transport;
  readonly pacer: SequentialPacer;
  /** The run's keys, redacted from everything recorded of an exchange (results, HAR, progress lines). */
  readonly redactor: Redactor;
  readonly results: ResultCollector;
  /** Deadline, interruption, give-up and the judging of large bodies, shared with every command that sends. */
  readonly guard: SendGuard;
  readonly notes: string[] = [];
  /** The credit budget: `--max-credits`, or 0 when credits may not be spent. */
  readonly credits: CreditBudget;
  /** The input space the run covered: what it sent and what came back (report `sent`). */
  readonly sent = new InputSpaceTally();
  /** What the responses held (report `coverage.seen`). */
  readonly seen = new SeenTally();
  /** Every exchange of the run as HAR, when `--har` asks for it. */
  readonly har?: HarRecorder;
  /** Progress lines (suite started, 429 waits), redacted. */
  readonly onProgress: (line: string) => void;
  calls = 0;
  /** Told the running call count after each spend (progress). */
  onCall: (calls: number) => void = () => {};
  /** Told every exchange as it completes, before it is judged (`RunHooks.onExchange`). */
  onExchange: (exchange: Exchange) => void = () => {};
  /** Told every outcome a suite records, as the report counts it (`RunHooks.onOutcome`). */
  onOutcome: (suite: string, outcome: Outcome) => void = () => {};
  /** When the next paced call may start (epoch ms). */
  #nextSlot = 0;
  readonly #invalidKey: string;
  readonly #judgingAhead = new WeakMap<Exchange, Ahead>();
  /** Responses given to `judgeAhead` and not settled yet, in the order they came. */
  readonly #unsettled: Ahead[] = [];

  constructor(
    readonly options: ResolvedRunOptions,
    readonly target: RunTarget,
    readonly keys: RunKeys,
    readonly fixtures: TargetFixtures,
    /** The plan in force: its budget and pace (replaced once fixtures are discovered). */
    public plan: RunPlan,
    onProgress: (line: string) => void = () => {},
  ) {
    this.pacer = new SequentialPacer({ clock: options.clock });
    this.redactor = new Redactor([
      keys.main,
      keys.free,
      keys.revoked,
      keys.team,
      keys.noCredits,
      ...headerSecrets(options.headers),
    ]);
    this.results = new ResultCollector(this.redactor);
    this.onProgress = (line) => onProgress(this.redactor.text(line));
    this.credits = new CreditBudget(options.allowCredits ? options.maxCredits : 0);
    this.guard = new SendGuard(options, { clock: options.clock });
    if (options.har) this.har = new HarRecorder(this.redactor);
    this.transport = new Transport({
      timeoutMs: options.timeoutMs,
      maxBodyBytes: options.maxBodyBytes,
      onExchange: (ex: Exchange) => {
        this.sent.add(ex);
        this.har?.add(ex);
        this.onExchange(ex);
      },
      ...(options.headers.length > 0 ? { extraHeaders: options.headers } : {}),
    });
    this.#invalidKey = `cbcheck-invalid-${options.seed.toString(16)}-0000000000`;
    // Started while the target starts and the run discovers it, not when the first long round needs it.
    if (judgesAhead(options, plan.runs)) this.prejudged.thread.warm();
  }

  /** The run's deadline (aborted at `--deadline-s` and on an interruption). */
  get deadline(): AbortController {
    return this.guard.deadline;
  }

  /** Large bodies judged on the judging worker, which the deadline can end (prejudge.ts). */
  get prejudged(): Prejudged {
    return this.guard.prejudged;
  }

  /** Why the run stopped early, if it did. */
  get stopped(): RunStopped | undefined {
    return this.guard.stopped;
  }

  /** Takes one call from the budget, or stops the run (at the budget, or once `--max-failures` failed). */
  spend(count = 1): void {
    // Checked before the next call, so that the last failed call was judged and recorded first.
    this.guard.check();
    const { maxFailures, strict } = this.options;
    const failed = this.results.failed.fail + (strict ? this.results.failed.warn : 0);
    if (maxFailures !== undefined && failed >= maxFailures)
      throw this.stop(
        "max-failures",
        `stopped after ${failed} failing outcome${failed === 1 ? "" : "s"} (--max-failures ${maxFailures}): checks not reached are not judged`,
      );
    if (this.calls + count > this.plan.budget) {
      const budget =
        this.options.maxCalls === undefined
          ? `the call budget ${this.plan.budget} (the plan's ${this.plan.total} calls and its reserve; --max-calls)`
          : `--max-calls ${this.plan.budget}`;
      throw this.stop("max-calls", `stopped at ${budget}: the run is incomplete`);
    }
    this.calls += count;
    this.onCall(this.calls);
  }

  /**
   * Waits for the next paced slot: calls start at least `plan.paceMs` apart, so that a target enforcing the
   * declared limit never has to refuse one (the rate-limit suite's burst does not call this). `count` slots
   * let that many calls start together (concurrent batches) once all of their slots have passed, the last
   * one's start: the quiet gap comes before them, so any window holds no more calls than one slot each allows.
   */
  async paceSlot(count = 1): Promise<void> {
    const paceMs = this.plan.paceMs;
    if (paceMs <= 0) return;
    const now = this.options.clock.now();
    const at = Math.max(now, this.#nextSlot + (count - 1) * paceMs);
    this.#nextSlot = at + paceMs;
    if (at > now) await this.guard.wait(at - now);
  }

  /** Records why the run stopped (first reason wins) and returns the error to throw. */
  stop(reason: RunStopped["reason"], message: string): RunStopped {
    return this.guard.stop(reason, message);
  }

  /** The secret a key choice stands for. */
  keyFor(choice: KeyChoice): string | undefined {
    if (choice === "main") return this.keys.main;
    if (choice === "free") return this.keys.free;
    if (choice === "invalid") return this.#invalidKey;
    if (choice === "revoked") return this.keys.revoked;
    if (choice === "team") return this.keys.team;
    if (choice === "no-credits") return this.keys.noCredits;
    return undefined;
  }

  /** Turns a planned request into what goes on the wire. */
  wire(request: PlannedRequest): WireRequest {
    const baseUrl = request.base === "alt" ? this.target.altBaseUrl : this.target.baseUrl;
    if (!baseUrl) throw new Error("no alternate base URL configured");
    const choice = request.key ?? "main";
    return toWireRequest(request, baseUrl, this.keyFor(choice), this.#keyEnv(choice));
  }

  /** Where the user's key of a choice lives (for curl lines); none for the embedded server's own keys. */
  #keyEnv(choice: KeyChoice): string | undefined {
    if (this.target.embedded) return undefined;
    if (choice === "main") return this.options.keyEnv.main;
    if (choice === "free") return this.options.keyEnv.free;
    return undefined;
  }

  /**
   * Starts judging on the worker a response whose body nobody decoded (a long sequential `schema` round,
   * a call that took no credits); once judged, what it showed is tallied and what it charged settled, as
   * `dispatch` and `sendPaced` do at once for any other response, in the order the responses came.
   */
  judgeAhead(exchange: Exchange, raw: UndecodedBody, key: KeyChoice | undefined): void {
    const ahead: Ahead = { exchange, key, done: false, judged: Promise.resolve() };
    ahead.judged = this.prejudged.addUndecoded(exchange, raw, this.deadline.signal).then((facts) => {
      // `settleAhead` may have read and settled it already.
      ahead.facts ??= facts;
      ahead.done = true;
      this.#settleReady();
    });
    this.#unsettled.push(ahead);
    this.#judgingAhead.set(exchange, ahead);
  }

  /**
   * Settles now, in order, every response given to `judgeAhead` whose judgement has not come back, reading
   * it here: a decision on a call that takes credits needs every balance seen before it, and waiting for
   * the worker would idle this thread.
   */
  settleAhead(): void {
    for (const ahead of this.#unsettled) ahead.facts ??= responseFacts(ahead.exchange);
    this.#settleReady();
  }

  /** Settles the responses whose facts are in, from the oldest, up to the first one still out. */
  #settleReady(): void {
    while (this.#unsettled[0]?.facts) {
      const { exchange, key, facts } = this.#unsettled.shift() as Required<Ahead>;
      this.seen.addEntries(facts.seen);
      this.credits.settleFacts(key, 0, exchange.response?.status, facts);
    }
  }

  /**
   * Resolves once an exchange given to `judgeAhead` is judged and settled; at once for any other. While the
   * worker has not judged it, this thread judges the newest jobs not yet posted to the worker rather than
   * wait (the worker falls behind on runs of large bodies).
   */
  async judgedAhead(exchange: Exchange): Promise<void> {
    const ahead = this.#judgingAhead.get(exchange);
    if (!ahead) return;
    while (!ahead.done && this.prejudged.thread.judgeOneHere()) await null;
    await ahead.judged;
  }

  /** Closes the transport and the guards (the judging worker, the deadline timer). */
  async close(): Promise<void> {
    await this.guard.close();
    await this.transport.close();
  }
}
