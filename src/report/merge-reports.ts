/**
 * `cbcheck merge`: one verdict from the reports of a run split with `--shard I/N`. Shards must come from
 * the same cbcheck version, seed and target and together cover 1..N exactly once; anything else is refused
 * (merging unlike runs would make a verdict nobody ran).
 */
import { HarnessError } from "../errors.js";
import { mergeCoverage } from "./merge-coverage.js";
import type { CheckResult, Report, SentValueRow } from "./model.js";
import { combinedStatus } from "./status-rank.js";
import { summarise } from "./summarise.js";

/** Counterexamples kept per merged row (each shard already keeps its few minimal ones). */
const MAX_COUNTEREXAMPLES = 10;

/** One shard's report with where it came from (for messages). */
export interface ShardReport {
  source: string;
  report: Report;
}

function refuse(message: string): never {
  throw new HarnessError("CB_MERGE_MISMATCH", message);
}

function shardOf({ source, report }: ShardReport): { index: number; count: number } {
  if (report.command !== "run")
    refuse(`${source} is a report of cbcheck ${report.command}, not of cbcheck run`);
  const [index, count] = (report.shard ?? "1/1").split("/").map(Number);
  return { index, count };
}

/** Checks that the shards belong to one run and cover it; returns N. */
function checkShards(shards: readonly ShardReport[]): number {
  if (shards.length === 0) refuse("no reports to merge");
  const first = shards[0];
  const { count } = shardOf(first);
  const seen = new Map<number, string>();
  for (const s of shards) {
    const { index, count: n } = shardOf(s);
    const same = (what: string, a: unknown, b: unknown) => {
      if (a !== b)
        refuse(`${s.source} has ${what} ${String(b)}, ${first.source} has ${what} ${String(a)}: not one run`);
    };
    same("cbcheck version", first.report.version, s.report.version);
    same("seed", first.report.seed, s.report.seed);
    same("target", first.report.target?.baseUrl, s.report.target?.baseUrl);
    same("alternate base URL", first.report.target?.altBaseUrl, s.report.target?.altBaseUrl);
    same("shard count", count, n);
    const twin = seen.get(index);
    if (twin !== undefined) refuse(`${s.source} and ${twin} are both shard ${index}/${count}`);
    seen.set(index, s.source);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) refuse(`shard ${missing.map((i) => `${i}/${count}`).join(", ")} missing`);
  return count;
}

function mergeRows(shards: readonly ShardReport[]): CheckResult[] {
  const rows = new Map<string, CheckResult>();
  for (const { report } of shards) {
    for (const r of report.results) {
      const key = `${r.suite}\u0000${r.id}\u0000${r.operation ?? ""}`;
      const had = rows.get(key);
      if (!had) {
        rows.set(key, { ...r, counterexamples: [...r.counterexamples] });
        continue;
      }
      // The run's own table (status-rank.ts): a row failed in any shard fails; one no shard could judge stays
      // inconclusive; one judged in some shard is judged by what that shard saw.
      const status = combinedStatus(had.status, r.status);
      const worse = status === r.status ? r : had;
      const merged: CheckResult = {
        ...worse,
        counterexamples: [...had.counterexamples, ...r.counterexamples].slice(0, MAX_COUNTEREXAMPLES),
      };
      if (had.exchanges !== undefined || r.exchanges !== undefined) {
        merged.exchanges = (had.exchanges ?? 0) + (r.exchanges ?? 0);
      }
      if (had.failedExchanges !== undefined || r.failedExchanges !== undefined) {
        merged.failedExchanges = (had.failedExchanges ?? 0) + (r.failedExchanges ?? 0);
      }
      rows.set(key, merged);
    }
  }
  return [...rows.values()];
}

function mergeSent(shards: readonly ShardReport[]): SentValueRow[] | undefined {
  if (!shards.some((s) => s.report.sent)) return undefined;
  const counts = new Map<string, SentValueRow>();
  for (const row of shards.flatMap((s) => s.report.sent ?? [])) {
    const key = [row.operation, row.parameter, row.keyword, row.value, row.class].join("\u0000");
    const had = counts.get(key);
    if (!had) {
      counts.set(key, { ...row, answers: { ...row.answers } });
      continue;
    }
    had.count += row.count;
    for (const [answer, n] of Object.entries(row.answers))
      had.answers[answer] = (had.answers[answer] ?? 0) + n;
  }
  return [...counts.values()];
}

function sumTimings(shards: readonly ShardReport[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [suite, s] of shards.flatMap((x) => Object.entries(x.report.timings ?? {}))) {
    out[suite] = (out[suite] ?? 0) + s;
  }
  return out;
}

/** The merged report of all shards of one run; throws HarnessError `CB_MERGE_MISMATCH` when they do not fit. */
export function mergeShardReports(shards: readonly ShardReport[]): Report {
  const count = checkShards(shards);
  const ordered = [...shards].sort((a, b) => shardOf(a).index - shardOf(b).index);
  const results = mergeRows(ordered);
  const first = ordered[0].report;
  const unfinished = ordered.find((s) => s.report.verdict !== "pass" && s.report.verdict !== "fail");
  const failed = results.some((r) => r.status === "fail");
  const sent = mergeSent(ordered);
  const coverage = mergeCoverage(ordered.map((s) => s.report));
  const notes = [
    `merged from ${count} shard${count === 1 ? "" : "s"}: ${ordered.map((s) => s.source).join(", ")}`,
    ...ordered.flatMap((s) => (s.report.notes ?? []).map((n) => `[shard ${s.report.shard ?? "1/1"}] ${n}`)),
  ];
  return {
    tool: "cbcheck",
    version: first.version,
    command: "run",
    startedAt: ordered.map((s) => s.report.startedAt).sort()[0],
    finishedAt:
      ordered
        .map((s) => s.report.finishedAt)
        .sort()
        .at(-1) ?? first.finishedAt,
    ...(first.seed !== undefined ? { seed: first.seed } : {}),
    ...(first.target ? { target: first.target } : {}),
    // A shard that did not finish (incomplete, interrupted, error) leaves the whole run incomplete (exit 2).
    ...(failed
      ? { verdict: "fail" as const }
      : unfinished
        ? {
            verdict: "incomplete" as const,
            reason: `shard ${unfinished.report.shard ?? "1/1"} (${unfinished.source}) ended ${unfinished.report.verdict}${unfinished.report.reason ? `: ${unfinished.report.reason}` : ""}`,
          }
        : { verdict: "pass" as const }),
    summary: {
      ...summarise(results),
      calls: ordered.reduce((n, s) => n + (s.report.summary.calls ?? 0), 0),
    },
    results,
    ...(sent ? { sent } : {}),
    ...(coverage ? { coverage } : {}),
    timings: sumTimings(ordered),
    details: { merged: ordered.map((s) => ({ source: s.source, shard: s.report.shard ?? "1/1" })) },
    notes,
  };
}
