/**
 * A bounded pool for `SuiteContext.sendMany`: requests start in order with at most `concurrency` in flight.
 * Once the run stops, no new request starts; the ones in flight are awaited, so that nothing is left
 * running when the suite goes on, and the exchanges before the first gap are returned for judging.
 * `onExchange` sees each exchange in request order as soon as every earlier one is in, so that the caller's
 * judging (CPU on this thread) overlaps the requests still in flight instead of following them all.
 */
import type { Exchange } from "../transport/exchange.js";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import { RunStopped } from "./run-stopped.js";
import type { SendManyResult } from "./suite.js";

/** Sends `requests` through `sendOne` with at most `concurrency` (at least 1) in flight. */
export async function sendMany(
  requests: PlannedRequest[],
  concurrency: number,
  sendOne: (request: PlannedRequest) => Promise<Exchange>,
  onExchange: (exchange: Exchange, index: number) => void = () => {},
): Promise<SendManyResult> {
  const out: (Exchange | undefined)[] = new Array(requests.length).fill(undefined);
  let next = 0;
  let delivered = 0;
  let stopped: RunStopped | undefined;
  let failed: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (next < requests.length && !stopped && !failed) {
      const i = next++;
      try {
        out[i] = await sendOne(requests[i]);
        for (let ex = out[delivered]; ex !== undefined; ex = out[delivered]) onExchange(ex, delivered++);
      } catch (error) {
        if (error instanceof RunStopped) stopped ??= error;
        else failed ??= { error };
      }
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(concurrency), requests.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failed) throw failed.error;
  const gap = out.indexOf(undefined);
  const exchanges = (gap === -1 ? out : out.slice(0, gap)) as Exchange[];
  return { exchanges, ...(stopped ? { stopped } : {}) };
}
