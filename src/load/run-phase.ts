/**
 * One measured load phase: drive the mix, time every response into per-item histograms (corrected and
 * uncorrected), and judge every response. The shared core of every load scenario.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { HarRecorder } from "../report/har.js";
import { type DriveResult, driveLoad, type ResponseSample } from "./drive-load.js";
import { ResponseJudge } from "./judge-response.js";
import { createHistogram, type Histogram, recordMs } from "./latency-histogram.js";
import { type LatenessAt, LatenessRecorder } from "./lateness-timeline.js";
import type { PreparedRequest } from "./request-mix.js";
import type { Segment } from "./segment.js";
import type { Tallies } from "./tallies.js";
import type { ValidationPool } from "./validation-pool.js";

/** Which load model produced the latency figures. */
export type LoadModel = "open (fixed rate)" | "closed (as fast as connections allow)";

/** Latency of one mix item: `corrected` from the intended send time, `uncorrected` from the actual one. */
export interface ItemLatency {
  corrected: Histogram;
  uncorrected: Histogram;
}

/** Records one response's latency: corrected from its intended send time, uncorrected from its send. */
export function recordLatency(
  h: ItemLatency,
  sample: Pick<ResponseSample, "intendedAt" | "sentAt" | "endedAt">,
): void {
  recordMs(h.uncorrected, sample.endedAt - sample.sentAt);
  recordMs(h.corrected, sample.endedAt - sample.intendedAt);
}

/** A compact record of one response, for scenario rules (rate windows, 5xx counts). */
export interface ResponseEvent {
  name: string;
  status: number;
  sentAt: number;
  endedAt: number;
  retryAfter?: string;
}

/** What a phase measured. */
export interface PhaseResult {
  model: LoadModel;
  latency: Map<string, ItemLatency>;
  drive: DriveResult;
  good: number;
  bad: number;
  /** Well-formed 429s allowed as throttling (`allowThrottle`). */
  throttled: number;
  statusCounts: Record<string, number>;
  /** Kept only when `keepEvents` was asked (bounded by the call cap). */
  events: ResponseEvent[];
  /**
   * How late this process's own timers fired (p99, ms) while the phase ran: how long the harness itself was
   * held up (a starved CPU, or an in-process target's work), which its timings then include.
   */
  harnessDelayMs: number;
  /**
   * The longest its timers were held up (ms, plus the sampling resolution): a bound on what the harness's own
   * delay added to any one answer's time. Absent where no phase measured it (a merged or hand-built phase).
   */
  harnessDelayMaxMs?: number;
  /**
   * How late the harness may have seen an event at each moment of the phase (`lateness-timeline.ts`): what an
   * overlap of its spans is discounted by. Absent where no phase measured it (a merged or hand-built phase).
   */
  latenessAt?: LatenessAt;
}

/** Resolution of the event-loop delay sampling; the delays it records include it. */
const DELAY_RESOLUTION_MS = 5;

/** Options of one phase. */
export interface PhaseOptions {
  baseUrl: string;
  apiKey: string;
  requests: PreparedRequest[];
  connections: number;
  rate?: number;
  durationSeconds: number;
  maxCalls: number;
  sampleRate?: number;
  keepEvents?: boolean;
  signal?: AbortSignal;
  tallies: Tallies;
  /** Warm-up: time and judge nothing. */
  isWarmUp?: boolean;
  /** Validation workers for response bodies; absent: bodies are judged inline. */
  pool?: ValidationPool;
  /** A 429 the mix does not expect is an allowed answer (throttling), judged only for its form. */
  allowThrottle?: boolean;
  /** Samples exchanges for `--har` (it keeps its own bound). */
  har?: HarRecorder;
  /** Told of every response, warm-up included (live progress). */
  onResponse?: () => void;
  /** The part of a run split over processes this phase sends (`--segment`); default the whole run. */
  segment?: Segment;
}

/** Runs one phase to its end (duration, call cap or abort). */
export async function runPhase(options: PhaseOptions): Promise<PhaseResult> {
  const judge = new ResponseJudge(options.tallies, options.requests, {
    sampleRate: options.sampleRate,
    pool: options.pool,
    allowThrottle: options.allowThrottle ?? false,
  });
  const latency = new Map<string, ItemLatency>();
  for (const r of options.requests) {
    if (!latency.has(r.name))
      latency.set(r.name, { corrected: createHistogram(), uncorrected: createHistogram() });
  }
  const statusCounts: Record<string, number> = {};
  const events: ResponseEvent[] = [];
  let toJudge: ResponseSample[] = [];
  let isScheduled = false;
  const judgeQueued = () => {
    isScheduled = false;
    const batch = toJudge;
    toJudge = [];
    for (const sample of batch) judge.judge(sample);
  };
  const onResponse = (sample: ResponseSample) => {
    options.onResponse?.();
    if (options.isWarmUp) return;
    recordLatency(latency.get(sample.request.name)!, sample);
    options.har?.add({
      operation: sample.request.operation,
      request: { ...sample.request.recorded, baseUrl: options.baseUrl },
      response: {
        status: sample.status,
        headers: sample.headers,
        bodyText: sample.body,
        durationMs: sample.endedAt - sample.sentAt,
      },
    });
    statusCounts[sample.status] = (statusCounts[sample.status] ?? 0) + 1;
    // Judging waits for the next turn of the event loop: autocannon sends the connection's next request
    // first, so checking overlaps the wire instead of lengthening every request cycle.
    toJudge.push(sample);
    if (!isScheduled) {
      isScheduled = true;
      setImmediate(judgeQueued);
    }
    if (options.keepEvents) {
      const retry = sample.headers["retry-after"];
      events.push({
        name: sample.request.name,
        status: sample.status,
        sentAt: sample.sentAt,
        endedAt: sample.endedAt,
        retryAfter: retry,
      });
    }
  };
  const delay = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  delay.enable();
  const harnessDelayMs = () => Math.max(0, delay.percentile(99) / 1e6 - DELAY_RESOLUTION_MS);
  const harnessDelayMaxMs = () => delay.max / 1e6 + DELAY_RESOLUTION_MS;
  // Only spans kept for their overlaps need each moment's lateness.
  const timeline = options.keepEvents ? new LatenessRecorder(DELAY_RESOLUTION_MS) : undefined;
  let latenessAt: LatenessAt | undefined;
  const drive = await driveLoad({ ...options, onResponse }).finally(() => {
    delay.disable();
    latenessAt = timeline?.stop(harnessDelayMaxMs(), harnessDelayMs());
  });
  judgeQueued();
  // The deadline (or an interruption) ends the wait for judgements too: a body slow to judge must not hold it.
  await options.pool?.drain(options.signal);
  return {
    model: options.rate ? "open (fixed rate)" : "closed (as fast as connections allow)",
    latency,
    drive,
    good: drive.responses - judge.bad,
    bad: judge.bad,
    throttled: judge.throttled,
    statusCounts,
    events,
    harnessDelayMs: harnessDelayMs(),
    harnessDelayMaxMs: harnessDelayMaxMs(),
    ...(latenessAt ? { latenessAt } : {}),
  };
}
