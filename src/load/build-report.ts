/**
 * Turns profile runs into the shared report model (the same files as `run`: junit, json, md, html), with
 * the latency figures and encoded HdrHistograms in `details.load` (so runs of several processes or
 * machines can be merged exactly) and one HTML section of percentile plots per profile.
 */
import { escapeHtml } from "../report/escape.js";
import type { CheckResult, HtmlSection, Report, ResultStatus } from "../report/model.js";
import { summarise as summarizeResults } from "../report/summarise.js";
import { decideVerdict } from "../report/verdict.js";
import { LOAD } from "../verdicts/load.js";
import { encodeHistogram, type LatencySummary, percentileCurve, summarise } from "./latency-histogram.js";
import { renderLatencyPlot } from "./latency-plot.js";
import type { Budgets, LatencyBudget } from "./profile.js";
import type { ItemLatency } from "./run-phase.js";
import type { ProfileRun } from "./run-profile.js";
import type { RunDetails } from "./segment-details.js";
import type { BurstDetails } from "./segment-rate-limit.js";
import type { Tally } from "./tallies.js";

/** Latency of one mix item in `details.load`. */
export interface ItemDetails {
  name: string;
  corrected: LatencySummary;
  uncorrected: LatencySummary;
  /** HdrHistogram compressed base64 (µs); merge by decoding and adding. */
  correctedHistogram: string;
  uncorrectedHistogram: string;
  budget?: LatencyBudget;
}

/** One profile in `details.load`. */
export interface ProfileDetails {
  name: string;
  scenario: string;
  /** Which load model produced the figures; "corrected" is from the intended send time in the open model. */
  model: string;
  calls: number;
  responses: number;
  requestsPerSecond: number;
  /** Time from the first send to the last response, summed over phases. */
  activeMs: number;
  bad: number;
  transportErrors: number;
  closedByServer: number;
  statusCounts: Record<string, number>;
  /** Peak resident set size of the cbcheck process while the profile ran, in MiB (absent in old reports). */
  peakRssMiB?: number;
  /** Sends late on their own timer, and the time lost so (`DriveResult`; absent in old reports). */
  lateSends?: number;
  lateMs?: number;
  /** How long this process's own timers were held up (p99 ms; `PhaseResult.harnessDelayMs`). */
  harnessDelayMs?: number;
  /** The profile's budgets, so that merged runs can be judged again. */
  budgets?: Budgets;
  items: ItemDetails[];
  /** A segment's rate-limit burst, for `load --merge` to judge the limiter on every segment's calls. */
  burst?: BurstDetails;
}

/** The report's command-specific data. */
export interface LoadDetails {
  profiles: ProfileDetails[];
  /** Peak resident set size of the cbcheck process, in MiB. */
  peakRssMiB: number;
  /** The run this report belongs to: its segment, seed and plan (absent in reports before segments). */
  run?: RunDetails;
}

/** Status of a finding's row. */
function rowStatus(f: Tally): ResultStatus {
  if (f.deferred) return "skip";
  if (f.failed > 0) return "fail";
  if (f.inconclusive) return "inconclusive";
  if (f.warned > 0) return "warn";
  return "pass";
}

/** Report rows of one profile's tallies. */
export function tallyRows(suite: string, tallies: Tally[]): CheckResult[] {
  return tallies.map((f) => ({
    id: f.id,
    suite,
    operation: f.item,
    status: rowStatus(f),
    sentence: f.sentence,
    section: f.section,
    exchanges: f.judged,
    ...(f.failed + f.warned > 0 ? { failedExchanges: f.failed + f.warned } : {}),
    message: f.message ?? failureNote(f),
    counterexamples: f.examples,
  }));
}

/** The HTML section of one profile: the load model, then a percentile plot per mix item. */
export function profileSection(
  details: Pick<
    ProfileDetails,
    "name" | "model" | "responses" | "requestsPerSecond" | "budgets" | "peakRssMiB"
  >,
  latency: Map<string, ItemLatency>,
): HtmlSection {
  const plots: string[] = [];
  for (const [name, h] of latency) {
    const summary = summarise(h.corrected);
    if (summary.count === 0) continue;
    plots.push(
      renderLatencyPlot({
        title: `${details.name} · ${name}`,
        corrected: percentileCurve(h.corrected),
        uncorrected: percentileCurve(h.uncorrected),
        budget: details.budgets?.latency?.[name],
        model: details.model,
        summary,
      }),
    );
  }
  const intro =
    `<p>Load model: <b>${escapeHtml(details.model)}</b>. Corrected latency is measured from the intended send time ` +
    `(coordinated omission corrected); uncorrected from when the request went on the wire. ` +
    `${details.responses} responses, ${details.requestsPerSecond} requests/s` +
    `${details.peakRssMiB === undefined ? "" : `; peak memory of cbcheck ${details.peakRssMiB} MiB`}.</p>`;
  return {
    title: `Latency — ${details.name}`,
    html: `${intro}<div class="latency-plots">${plots.join("")}</div>`,
  };
}

/** Details of one item: summaries and the encoded histograms. */
export function itemDetails(name: string, h: ItemLatency, budget: LatencyBudget | undefined): ItemDetails {
  return {
    name,
    corrected: summarise(h.corrected),
    uncorrected: summarise(h.uncorrected),
    correctedHistogram: encodeHistogram(h.corrected),
    uncorrectedHistogram: encodeHistogram(h.uncorrected),
    budget,
  };
}

/** Wraps rows and details into the shared report shape. */
export function assembleReport(
  results: CheckResult[],
  details: LoadDetails,
  meta: {
    version: string;
    startedAt: Date;
    target: Report["target"];
    notes: string[];
    /** `--allow-inconclusive`: inconclusive rows do not stop a pass. */
    allowInconclusive?: boolean;
  },
): Report {
  const summary = summarizeResults(results);
  return {
    tool: "cbcheck",
    version: meta.version,
    command: "load",
    startedAt: meta.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    target: meta.target,
    // A verdict that could not be reached (inconclusive) leaves the run incomplete, never a pass.
    ...decideVerdict(results, { allowInconclusive: meta.allowInconclusive ?? false }),
    summary: { ...summary, calls: details.profiles.reduce((n, p) => n + p.calls, 0) },
    results,
    details: { load: details },
    notes: [...meta.notes, ...memoryNote(details.profiles)],
  };
}

/** The per-profile peak memory as a note (report.md and report.html show notes). */
function memoryNote(profiles: ProfileDetails[]): string[] {
  const known = profiles.filter((p) => p.peakRssMiB !== undefined);
  if (known.length === 0) return [];
  return [
    `peak memory of cbcheck per profile: ${known.map((p) => `${p.name} ${p.peakRssMiB} MiB`).join(", ")}`,
  ];
}

/** Builds the report and the HTML plot sections. */
export function buildLoadReport(
  runs: ProfileRun[],
  meta: {
    version: string;
    startedAt: Date;
    target: Report["target"];
    notes: string[];
    peakRssMiB: number;
    allowInconclusive?: boolean;
    run?: RunDetails;
  },
): { report: Report; sections: HtmlSection[] } {
  const results: CheckResult[] = [];
  const profiles: ProfileDetails[] = [];
  const sections: HtmlSection[] = [];
  for (const run of runs) {
    results.push(...tallyRows(run.profile.name, run.tallies.all()));
    const items = [...run.latency].map(([name, h]) =>
      itemDetails(name, h, run.profile.budgets?.latency?.[name]),
    );
    const rps = run.activeMs > 0 ? run.responses / (run.activeMs / 1000) : 0;
    const details: ProfileDetails = {
      name: run.profile.name,
      scenario: run.profile.scenario,
      model: run.model,
      calls: run.calls,
      responses: run.responses,
      requestsPerSecond: Math.round(rps * 10) / 10,
      activeMs: Math.round(run.activeMs),
      bad: run.bad,
      transportErrors: run.transportErrors,
      closedByServer: run.closedByServer,
      statusCounts: run.statusCounts,
      peakRssMiB: run.peakRssMiB,
      lateSends: run.lateSends,
      lateMs: Math.round(run.lateMs),
      harnessDelayMs: Math.round(run.harnessDelayMs),
      budgets: run.profile.budgets,
      items,
      ...(run.burst ? { burst: run.burst } : {}),
    };
    profiles.push(details);
    sections.push(profileSection(details, run.latency));
  }
  const details = { profiles, peakRssMiB: meta.peakRssMiB, ...(meta.run ? { run: meta.run } : {}) };
  const report = assembleReport(results, details, meta);
  if (meta.run) report.seed = meta.run.seed;
  return { report, sections };
}

/** Verdicts every response of a mix item is judged by: their note counts responses. */
const PER_RESPONSE = new Set<string>([LOAD.expectedStatus.id, LOAD.expectedCode.id, LOAD.responseChecks.id]);

function failureNote(f: Tally): string | undefined {
  const shown = `first ${f.examples.length} shown`;
  if (PER_RESPONSE.has(f.id)) {
    return f.failed > 0
      ? `${f.failed} of ${f.judged} responses broke it (${shown})`
      : `${f.judged} responses`;
  }
  if (f.item === undefined || f.id === LOAD.latencyBudget.id) return undefined;
  if (f.failed > 0) return `${f.failed} responses broke it (${shown})`;
  return f.warned > 0 ? `${f.warned} responses look odd under one reading (${shown})` : undefined;
}
