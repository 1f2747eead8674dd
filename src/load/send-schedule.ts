/**
 * The open model's schedule: at a fixed overall rate, connection `index` of `C` owns slots index,
 * index + C, index + 2C … of one uniform schedule, so sends are spread evenly instead of in bursts.
 * Latency corrected for coordinated omission is measured from a request's intended send time.
 */

/** One connection's slots of the uniform schedule (times in `performance.now()` milliseconds). */
export class ConnectionSchedule {
  #k = 0;
  readonly #first: number;
  readonly #intervalMs: number;

  /** `rate` is the overall rate in requests/s, shared by `connections` connections. */
  constructor(startedAt: number, rate: number, connections: number, index: number) {
    this.#intervalMs = (1000 * connections) / rate;
    this.#first = startedAt + (index * this.#intervalMs) / connections;
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
