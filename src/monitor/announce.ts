/**
 * After a slice: each confirmed change becomes an event — told to the caller (stdout), kept in the state's
 * history and POSTed to `--webhook` — and its metrics move. A slice with a rule that started failing has its
 * report written (redacted) so that the event's `replay` line can re-send the counterexample. A key the target
 * refused (401/402/403) is the `monitor_stopped` event: the contract says to stop, and the monitor does.
 */
import { Redactor } from "../redactor.js";
import {
  type EventPlace,
  type MonitorEvent,
  sliceReportName,
  stoppedEvent,
  transitionEvent,
  writeSliceReport,
} from "./events.js";
import type { MonitorSession } from "./monitor-session.js";
import type { SliceResult } from "./run-slice.js";
import { postEvent } from "./webhook.js";

/** Turns a slice's changes into events, and tells them. */
export async function announce(
  session: MonitorSession,
  slice: SliceResult,
  place: EventPlace,
  tell: (event: MonitorEvent) => void,
): Promise<void> {
  const { options, metrics } = session;
  // The runner sealed its report with the keys it sent; the monitor's own keys once more, for the events.
  const report = slice.report
    ? new Redactor([...options.secrets, ...slice.secrets]).value(slice.report)
    : undefined;
  const opens = slice.transitions.some((t) => t.to === "failing");
  const [cycle, index] = [place.cycle, Number(place.slice.split("/")[0])];
  const reportPath =
    opens && report
      ? await writeSliceReport(options.reportDir, sliceReportName(cycle, index), report)
      : undefined;
  const events = slice.transitions.map((t) => {
    const labels = { rule: t.rule.rule, operation: t.rule.operation };
    metrics.openViolations.set(labels, t.to === "failing" ? 1 : 0);
    metrics.stateChanges.inc({ ...labels, to: t.to });
    return transitionEvent(t, place, report, reportPath);
  });
  if (slice.stopped === "fatal-status")
    events.push(stoppedEvent(place, slice.message ?? "the target refused the key"));
  for (const event of events) {
    session.state.history.push(event);
    tell(event);
    if (!options.webhook) continue;
    const failed = await postEvent(options.webhook, event, options.clock, session.signal);
    if (failed) {
      metrics.webhookFailures.inc();
      session.say(`cbcheck monitor: ${failed}`);
    }
  }
}
