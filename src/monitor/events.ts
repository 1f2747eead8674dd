/**
 * The monitor's events: a rule that starts failing (with its counterexample, from the slice's report, and a
 * `replay` line that re-sends it), a rule that recovered, and the monitor stopping for good. Each is one JSON
 * line (schemas/monitor-event.schema.json). The report a `replay` line reads is the slice's, written redacted
 * (report.json only) to `--report-dir`, of which the newest `KEPT_REPORTS` are kept.
 */
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { CbcheckMonitorEvent } from "../contract/types.gen.js";
import { shellQuote } from "../report/curl.js";
import type { Counterexample, Report } from "../report/model.js";
import { writeReports } from "../report/write-reports.js";
import type { Transition } from "./rule-book.js";

/** One event. */
export type MonitorEvent = CbcheckMonitorEvent;

/** Slice reports kept in `--report-dir` (older ones are removed). */
export const KEPT_REPORTS = 20;

/** Where an event happened. */
export interface EventPlace {
  target: string;
  cycle: number;
  slice: string;
  at: number;
}

/** The first counterexample of the failing row of `rule` in a (redacted) report, without the response. */
function counterexampleIn(report: Report, rule: string, operation: string): Counterexample | undefined {
  const row = report.results.find(
    (r) => r.id === rule && (r.operation ?? "") === operation && r.status === "fail",
  );
  const first = row?.counterexamples[0];
  if (!first) return undefined;
  const { response: _body, ...rest } = first;
  return rest;
}

/** The event of one rule's change; `report`: the slice's, redacted; `reportPath`: where it was written. */
export function transitionEvent(
  t: Transition,
  place: EventPlace,
  report: Report | undefined,
  reportPath: string | undefined,
): MonitorEvent {
  const { rule, operation, suite } = t.rule;
  const row = report?.results.find((r) => r.id === rule);
  const example = t.to === "failing" && report ? counterexampleIn(report, rule, operation) : undefined;
  return {
    event: t.to === "failing" ? "rule_failing" : "rule_recovered",
    at: new Date(place.at).toISOString(),
    target: place.target,
    rule,
    ...(operation ? { operation } : {}),
    ...(suite ? { suite } : {}),
    ...(row?.sentence ? { sentence: row.sentence } : {}),
    consecutive: t.consecutive,
    cycle: place.cycle,
    slice: place.slice,
    ...(example ? { counterexample: example } : {}),
    ...(example && reportPath ? { replay: `cbcheck replay ${shellQuote(reportPath)} --check ${rule}` } : {}),
    ...(report?.rerun ? { rerun: report.rerun } : {}),
  };
}

/** The event of a monitor that stopped spending for good. */
export function stoppedEvent(place: EventPlace, message: string): MonitorEvent {
  return {
    event: "monitor_stopped",
    at: new Date(place.at).toISOString(),
    target: place.target,
    cycle: place.cycle,
    slice: place.slice,
    message,
  };
}

/** The one-line text of an event (stderr, the webhook's `text`). */
export function eventText(event: MonitorEvent): string {
  const on = event.operation ? ` on ${event.operation}` : "";
  if (event.event === "monitor_stopped") return `cbcheck monitor stopped (${event.target}): ${event.message}`;
  if (event.event === "rule_recovered")
    return `cbcheck monitor: ${event.rule}${on} recovered at ${event.target} (${event.consecutive} passing exchanges in a row)`;
  const why = event.counterexample?.title ? `: ${event.counterexample.title}` : "";
  const replay = event.replay ? `\nReproduce: ${event.replay}` : "";
  return `cbcheck monitor: ${event.rule}${on} is failing at ${event.target} (${event.consecutive} failing exchanges in a row)${why}${replay}`;
}

/**
 * Writes a slice's (redacted) report, report.json only, to `dir/<name>/` and removes all but the newest
 * `KEPT_REPORTS` slice reports there; returns the report.json path.
 */
export async function writeSliceReport(dir: string, name: string, report: Report): Promise<string> {
  const [path] = await writeReports(join(dir, name), report, [], { reporters: ["json"] });
  const slices = (await readdir(dir)).filter((n) => /^cycle-\d+-slice-\d+$/.test(n)).sort();
  for (const old of slices.slice(0, Math.max(0, slices.length - KEPT_REPORTS)))
    await rm(join(dir, old), { recursive: true, force: true });
  return path;
}

/** The folder name of a slice's report: zero-padded, so that names sort as slices ran. */
export function sliceReportName(cycle: number, index: number): string {
  return `cycle-${String(cycle).padStart(6, "0")}-slice-${String(index).padStart(3, "0")}`;
}
