/**
 * The run-coverage section (report `coverage`): for every rule a run can judge — the checks and the verdicts
 * judged in `src/runner` (the registry, `src/verdicts/registry.ts`, is the single source) — how many exchanges
 * it judged, and for the ones never exercised, why. A pass means little if the check never applied.
 * `--fail-on-unexercised` (or `--min-exercised N`) turns each unexercised rule of a selected suite (or each that
 * judged fewer than N exchanges) into a failure of `run.rule_unexercised`.
 */
import type { CheckResult, CoverageRule, RunCoverage } from "../report/model.js";
import { allVerdicts, type RegisteredVerdict } from "../verdicts/registry.js";
import { RUNNER } from "../verdicts/runner.js";
import type { SuiteName } from "../vocabulary/suite-name.js";
import { HARNESS_SECTION } from "../vocabulary/verdict.js";
import { neededData, ONLY_ON_VIOLATION, SUITE_OF_FILE } from "./coverage-reasons.js";
import type { SeenValues } from "./seen-tally.js";
import type { Shard } from "./shard.js";
import type { Outcome } from "./suite.js";

/** What the coverage of a run is computed from. */
export interface CoverageInput {
  results: readonly CheckResult[];
  suites: readonly SuiteName[];
  shard: Shard;
  seen: SeenValues;
  /** Why the run stopped early, when it did. */
  stopped?: string;
}

/** Recorded only when something goes wrong (a refused main key, a crash): no count says anything. */
const EVENT_ONLY = new Set<string>([RUNNER.mainKeyNotRefused.id]);

/** Folders of src/runner that judge for another command (`cbcheck compare`), not for `run`. */
const OTHER_COMMANDS = ["src/runner/compare/"];

/** Rules a run can judge: checks and verdicts judged in the runner; not load or client rules. */
export function runRules(): RegisteredVerdict[] {
  return allVerdicts().filter(
    (v) =>
      v.section !== HARNESS_SECTION &&
      !EVENT_ONLY.has(v.id) &&
      v.judgedIn.some(
        (f) =>
          f.startsWith("src/checks/") ||
          (f.startsWith("src/runner/") && !OTHER_COMMANDS.some((dir) => f.startsWith(dir))),
      ),
  );
}

/** The suites whose files judge a rule; empty for checks and runner verdicts (judged in any suite). */
function suitesOf(v: RegisteredVerdict): SuiteName[] {
  const out: SuiteName[] = [];
  for (const file of v.judgedIn) {
    const m = /^src\/runner\/suites\/([a-z-]+)\.ts$/.exec(file);
    if (!m) continue;
    out.push(SUITE_OF_FILE[m[1]] ?? (m[1] as SuiteName));
  }
  return out;
}

function reasonFor(v: RegisteredVerdict, input: CoverageInput, skips: Map<string, string>): CoverageRule {
  const skip = skips.get(v.id);
  if (skip) return { id: v.id, exchanges: 0, reason: skip };
  const onViolation = ONLY_ON_VIOLATION[v.id];
  if (onViolation) return { id: v.id, exchanges: 0, reason: onViolation, exempt: true };
  const suites = suitesOf(v);
  if (suites.length > 0 && !suites.some((s) => input.suites.includes(s)))
    return {
      id: v.id,
      exchanges: 0,
      reason: `suite ${suites.join(" / ")} not selected (--suite)`,
      exempt: true,
    };
  if (input.stopped) return { id: v.id, exchanges: 0, reason: `the run stopped before it: ${input.stopped}` };
  if (input.shard.count > 1)
    return {
      id: v.id,
      exchanges: 0,
      reason: `shard ${input.shard.index}/${input.shard.count} did not draw it (see the merged report)`,
      exempt: true,
    };
  return { id: v.id, exchanges: 0, reason: neededData(v.id, v.judgedIn[0].startsWith("src/checks/")) };
}

/** The coverage section of a run. */
export function runCoverage(input: CoverageInput): RunCoverage {
  // A rule is exercised by any pass, warn or fail row (some judge counts, not one exchange each); skip and
  // inconclusive rows only say why it was not.
  const judged = new Map<string, number>();
  const skips = new Map<string, string>();
  for (const r of input.results) {
    if (r.status === "skip" || r.status === "inconclusive") {
      if (r.message && !skips.has(r.id)) skips.set(r.id, r.message);
      continue;
    }
    judged.set(r.id, (judged.get(r.id) ?? 0) + (r.exchanges ?? 0));
  }
  const rules = runRules().map((v) => {
    const exchanges = judged.get(v.id);
    return exchanges !== undefined ? { id: v.id, exchanges } : reasonFor(v, input, skips);
  });
  return { rules, unexercised: rules.filter((r) => r.reason !== undefined).length, seen: input.seen };
}

/**
 * The rules the coverage gate fails on (`--fail-on-unexercised` is a minimum of 1, `--min-exercised N` one of N):
 * a rule of a selected suite that judged nothing, or fewer than `min` exchanges. A rule judged on counts rather
 * than on exchanges (a row with no exchange, such as a comparison of many answers) is exercised once judged.
 */
export function failingUnexercised(coverage: RunCoverage, min = 1): CoverageRule[] {
  return coverage.rules.filter(
    (r) => r.exempt !== true && (r.reason !== undefined || (r.exchanges > 0 && r.exchanges < min)),
  );
}

/** The outcome of `run.rule_unexercised` under the coverage gate (none when every rule reached `min`). */
export function unexercisedOutcome(coverage: RunCoverage, min = 1): Outcome | undefined {
  const missing = failingUnexercised(coverage, min);
  if (missing.length === 0) return undefined;
  const why = (r: CoverageRule) =>
    r.reason ?? `judged ${r.exchanges} exchange${r.exchanges === 1 ? "" : "s"}, under --min-exercised ${min}`;
  const shown = missing.slice(0, 20).map((r) => `${r.id} (${why(r)})`);
  const more = missing.length > shown.length ? `; and ${missing.length - shown.length} more` : "";
  const what = min > 1 ? `judged fewer than ${min} exchanges` : "judged no exchange";
  return {
    verdict: RUNNER.ruleUnexercised,
    status: "fail",
    message: `${missing.length} rule(s) ${what}: ${shown.join("; ")}${more}`,
  };
}
