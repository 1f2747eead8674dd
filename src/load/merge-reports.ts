/**
 * Merges the report.json of several `cbcheck load` runs of the same profiles (shards on several processes
 * or machines, run at the same time) into one report that gates as one run: latency histograms add
 * exactly, counts add, throughput adds, and the budgets are judged again on the merged figures.
 */
import { HarnessError } from "../errors.js";
import type { CheckResult, HtmlSection, Report } from "../report/model.js";
import { combinedStatus } from "../report/status-rank.js";
import { LOAD } from "../verdicts/load.js";
import {
  assembleReport,
  itemDetails,
  type LoadDetails,
  type ProfileDetails,
  profileSection,
  tallyRows,
} from "./build-report.js";
import { judgeBudgets } from "./judge-budgets.js";
import { createHistogram, decodeHistogram } from "./latency-histogram.js";
import type { ItemLatency, LoadModel, PhaseResult } from "./run-phase.js";
import type { RunDetails } from "./segment-details.js";
import type { SegmentedRun } from "./segment-merge-check.js";
import { isJudgedOnWholeBurst, judgeWholeBurst, type SegmentBurst } from "./segment-rate-limit.js";
import { Tallies } from "./tallies.js";

const REJUDGED = new Set<string>([LOAD.latencyBudget.id, LOAD.errorRate.id, LOAD.minThroughput.id]);

function mergeProfile(
  parts: ProfileDetails[],
  isSegmented: boolean,
): {
  details: ProfileDetails;
  latency: Map<string, ItemLatency>;
} {
  const latency = new Map<string, ItemLatency>();
  for (const p of parts) {
    for (const item of p.items) {
      const into = latency.get(item.name) ?? { corrected: createHistogram(), uncorrected: createHistogram() };
      into.corrected.add(decodeHistogram(item.correctedHistogram));
      into.uncorrected.add(decodeHistogram(item.uncorrectedHistogram));
      latency.set(item.name, into);
    }
  }
  const sum = (f: (p: ProfileDetails) => number) => parts.reduce((n, p) => n + f(p), 0);
  const statusCounts: Record<string, number> = {};
  for (const p of parts)
    for (const [s, n] of Object.entries(p.statusCounts)) statusCounts[s] = (statusCounts[s] ?? 0) + n;
  const first = parts[0];
  // Each segment's throughput budget is its share: the whole run's is their sum.
  const min = first.budgets?.minThroughput;
  const budgets =
    isSegmented && min !== undefined
      ? { ...first.budgets, minThroughput: sum((p) => p.budgets?.minThroughput ?? 0) }
      : first.budgets;
  const { burst: _burst, ...rest } = first;
  const details: ProfileDetails = {
    ...rest,
    budgets,
    calls: sum((p) => p.calls),
    responses: sum((p) => p.responses),
    // Shards run side by side: their rates add.
    requestsPerSecond: Math.round(sum((p) => p.requestsPerSecond) * 10) / 10,
    activeMs: Math.max(...parts.map((p) => p.activeMs)),
    bad: sum((p) => p.bad),
    transportErrors: sum((p) => p.transportErrors),
    closedByServer: sum((p) => p.closedByServer),
    lateSends: sum((p) => p.lateSends ?? 0),
    lateMs: sum((p) => p.lateMs ?? 0),
    harnessDelayMs: maxOf(parts.map((p) => p.harnessDelayMs)),
    statusCounts,
    // Shards are separate processes: the figure is the largest one's.
    peakRssMiB: maxOf(parts.map((p) => p.peakRssMiB)),
    items: [...latency].map(([name, h]) => itemDetails(name, h, budgets?.latency?.[name])),
  };
  return { details, latency };
}

function maxOf(values: (number | undefined)[]): number | undefined {
  const known = values.filter((v) => v !== undefined);
  return known.length > 0 ? Math.max(...known) : undefined;
}

function rejudge(
  details: ProfileDetails,
  latency: Map<string, ItemLatency>,
  bursts: SegmentBurst[],
): CheckResult[] {
  const tallies = new Tallies();
  if (bursts.length > 0) judgeWholeBurst(bursts, tallies);
  const phase: PhaseResult = {
    model: details.model as LoadModel,
    latency,
    drive: {
      sent: details.calls,
      responses: details.responses,
      transportErrors: details.transportErrors,
      timeouts: 0,
      closedByServer: details.closedByServer,
      startedAt: 0,
      activeMs: details.requestsPerSecond > 0 ? (details.responses / details.requestsPerSecond) * 1000 : 0,
      durationMs: details.activeMs,
      // What each shard reached is judged in its own report; the sum still says whether it kept its schedule.
      maxInFlight: 0,
      maxInFlightByItem: {},
      lateSends: details.lateSends ?? 0,
      lateMs: details.lateMs ?? 0,
    },
    good: details.responses - details.bad,
    bad: details.bad,
    throttled: 0,
    statusCounts: details.statusCounts,
    events: [],
    harnessDelayMs: details.harnessDelayMs ?? 0,
  };
  judgeBudgets(details.budgets, phase, tallies);
  return tallyRows(details.name, tallies.all());
}

function mergeRows(rows: CheckResult[]): CheckResult[] {
  const byKey = new Map<string, CheckResult>();
  for (const r of rows) {
    const key = `${r.suite}\u0000${r.id}\u0000${r.operation ?? ""}`;
    const into = byKey.get(key);
    if (!into) {
      byKey.set(key, { ...r, counterexamples: [...r.counterexamples] });
      continue;
    }
    into.status = combinedStatus(into.status, r.status);
    into.exchanges = (into.exchanges ?? 0) + (r.exchanges ?? 0);
    if (into.failedExchanges !== undefined || r.failedExchanges !== undefined) {
      into.failedExchanges = (into.failedExchanges ?? 0) + (r.failedExchanges ?? 0);
    }
    into.counterexamples = [...into.counterexamples, ...r.counterexamples].slice(0, 3);
  }
  return [...byKey.values()];
}

/**
 * Merges load reports; throws HarnessError when one is not a load report with histograms. `run`: the
 * segmented run they make up (`checkSegments`), absent for whole runs side by side.
 */
export function mergeLoadReports(
  reports: Report[],
  version: string,
  run?: SegmentedRun,
): { report: Report; sections: HtmlSection[] } {
  const groups = new Map<string, ProfileDetails[]>();
  // Which segment each profile's part came from, for the limiter's verdicts to name it.
  const segmentOf = new Map<ProfileDetails, string>();
  reports.forEach((r, i) => {
    const load = r.details?.load as LoadDetails | undefined;
    if (r.command !== "load" || !load?.profiles) {
      throw new HarnessError("CB_INPUT_INVALID", "--merge takes report.json files written by cbcheck load");
    }
    for (const p of load.profiles) {
      groups.set(p.name, [...(groups.get(p.name) ?? []), p]);
      segmentOf.set(p, load.run?.segment ?? `of report ${i + 1}`);
    }
  });
  const profiles: ProfileDetails[] = [];
  const sections: HtmlSection[] = [];
  // A split rate-limit profile's limiter verdicts are judged again on every segment's burst at once.
  const burstsOf = (parts: ProfileDetails[]): SegmentBurst[] =>
    parts.every((p) => p.burst)
      ? parts.map((p) => ({
          segment: segmentOf.get(p) as string,
          burst: p.burst as NonNullable<typeof p.burst>,
        }))
      : [];
  const rejudgedBurst = new Set(
    [...groups].filter(([, parts]) => burstsOf(parts).length > 0).map(([name]) => name),
  );
  const rows = mergeRows(
    reports
      .flatMap((r) => r.results)
      .filter((r) => !REJUDGED.has(r.id) && !(rejudgedBurst.has(r.suite) && isJudgedOnWholeBurst(r.id))),
  );
  for (const parts of groups.values()) {
    const { details, latency } = mergeProfile(parts, run !== undefined);
    profiles.push(details);
    sections.push(profileSection(details, latency));
    rows.push(...rejudge(details, latency, burstsOf(parts)));
  }
  const startedAt = new Date(Math.min(...reports.map((r) => Date.parse(r.startedAt))));
  const notes = run
    ? segmentNotes(run)
    : [`merged from ${reports.length} load reports; latency histograms added exactly, budgets judged again`];
  const peakRssMiB = Math.max(
    ...reports.map((r) => (r.details as { load: LoadDetails }).load.peakRssMiB ?? 0),
  );
  const whole = run ? { run: wholeRunDetails(run) } : {};
  const report = assembleReport(
    rows,
    { profiles, peakRssMiB, ...whole },
    { version, startedAt, target: reports[0].target, notes },
  );
  if (run) report.seed = run.seed;
  return { report, sections };
}

/** The merged report's `details.load.run`: the segments' shared run, as one process's (`1/1`). */
function wholeRunDetails({ count: _count, late: _late, ...shared }: SegmentedRun): RunDetails {
  return { segment: "1/1", ...shared };
}

/** The merged report's notes on the segments: what was merged and which segment started late. */
function segmentNotes(run: SegmentedRun): string[] {
  const late = run.late.map(
    (l) =>
      `segment ${l.segment} started ${(l.lateMs / 1000).toFixed(1)} s after --start-at ${run.startAt}: ` +
      "the other segments' load ran without its part for that long",
  );
  return [
    `merged from the ${run.count} segments of one run (seed ${run.seed}, plan ${run.runPlan}): counts and ` +
      "latency histograms added exactly, rates added, budgets and the limiter judged again on the whole",
    ...late,
  ];
}
