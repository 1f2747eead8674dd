/**
 * The open model's schedule: at a fixed overall rate, connection `index` of `C` owns slots index,
 * index + C, index + 2C … of one uniform schedule, so sends are spread evenly instead of in bursts, and
 * slot j carries request j of the mix. Latency corrected for coordinated omission is measured from a
 * request's intended send time. A segment of a run (`--segment I/N`, `segment.ts`) owns every N-th slot of
 * the whole run's schedule from slot I − 1: its schedule is the same at its share of the rate, shifted by
 * I − 1 of the run's slots, and its slots carry the run's requests, so N segments send what one process would.
 */
import { firstSlotDelayMs, globalSlot, type Segment, WHOLE_RUN } from "./segment.js";

/** One connection's slots of the uniform schedule (times in `performance.now()` milliseconds). */
export class ConnectionSchedule {
  #k = 0;
  readonly #first: number;
  readonly #intervalMs: number;

  /** `rate` is this process's rate in requests/s, shared by its `connections` connections. */
  constructor(startedAt: number, rate: number, connections: number, index: number, segment = WHOLE_RUN) {
    this.#intervalMs = (1000 * connections) / rate;
    this.#first = startedAt + firstSlotDelayMs(rate, segment) + (index * this.#intervalMs) / connections;
  }

  /** When this connection's next request is due. */
  nextDue(): number {
    return this.#first + this.#intervalMs * this.#k++;
  }
}

/**
 * When a request was meant to go: its slot, but never after it actually went. A timer may fire a little
 * before the slot (timers have millisecond granularity); the request then waited for nothing, and taking
 * the slot would make corrected latency smaller than uncorrected. Absent a slot (closed model): the send.
 */
export function intendedSendTime(due: number | undefined, sentAt: number): number {
  return due === undefined || due > sentAt ? sentAt : due;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Open model: the requests connection `index` of `connections` sends, in the order it loops over them. Its
 * k-th send is slot index + k·C of this process's schedule, slot globalSlot(index + k·C) of the whole run,
 * and carries the run's request at that slot: `requests[slot mod length]`. The list repeats after
 * length / gcd(C·N, length) sends, so it holds one period (the same request objects, no copies).
 */
export function connectionRequests<T>(
  requests: readonly T[],
  index: number,
  connections: number,
  segment: Segment = WHOLE_RUN,
): T[] {
  const length = requests.length;
  const first = globalSlot(index, segment) % length;
  const step = (connections * segment.count) % length;
  const period = length / gcd(length, step);
  return Array.from({ length: period }, (_, k) => requests[(first + k * step) % length]);
}
