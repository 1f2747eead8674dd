/**
 * `runConformance`: opens the target, plans the run (plan.ts: calls per suite, budget, pace) before the
 * first call, finds its fixtures, runs the selected suites one after another on a shared engine (pacing,
 * budget, deadline, shard), and hands what it recorded to `buildRunReport`. It writes nothing and prints
 * nothing: the CLI renders, writes reports and sets the exit code.
 */
import { HarnessError } from "../errors.js";
import type { HarRecorder } from "../report/har.js";
import type { CommandResult } from "../report/model.js";
import type { Exchange } from "../transport/exchange.js";
import { RUNNER } from "../verdicts/runner.js";
import { emptyFixtures, type TargetFixtures } from "../vocabulary/target-fixtures.js";
import { buildRunReport } from "./build-run-report.js";
import { createSuiteContext } from "./context.js";
import { creditNeeds, creditNote } from "./credits/plan.js";
import { discoverFixtures, runDiscovery } from "./discover.js";
import { RunEngine } from "./engine.js";
import type { ResolvedRunOptions } from "./options.js";
import { planRun, type RunPlan } from "./plan.js";
import { RunStopped } from "./run-stopped.js";
import { assertReachable } from "./send-guard.js";
import type { Outcome, Suite } from "./suite.js";
import { SUITES } from "./suites/index.js";
import { type OpenTarget, openTarget } from "./target.js";

/** Hooks of a run; all optional. */
export interface RunHooks {
  /** Plain progress lines (suite started, 429 waits, …). */
  onProgress?: (line: string) => void;
  /** Called after each call is counted, with the calls so far (progress bars). */
  onCall?: (calls: number) => void;
  /** Suites to choose from (default `SUITES`; tests and the lead may add more). */
  suites?: readonly Suite[];
  /** Called with the plan before the first call, and again once discovered fixtures change it. */
  onPlan?: (plan: RunPlan) => void;
  /** Aborted on an interruption (the CLI's SIGINT/SIGTERM): sending stops, what was judged is returned. */
  signal?: AbortSignal;
  /** Called when a suite starts, with its position among the selected suites (progress). */
  onSuite?: (name: string, index: number, count: number) => void;
  /** Told every exchange as it completes, before it is judged (`cbcheck monitor`: latency, 429s, `/me`). */
  onExchange?: (exchange: Exchange) => void;
  /**
   * Told every outcome a suite records, in the order recorded, as the report counts it (`cbcheck monitor`:
   * consecutive failures of a rule).
   */
  onOutcome?: (suite: string, outcome: Outcome) => void;
  /** Told the fixtures found through /resolve when none were given (`cbcheck monitor` keeps them). */
  onFixtures?: (fixtures: TargetFixtures) => void;
  /**
   * With `--har`: told the recorder of the exchanges (redacting with the command's `Redactor`) as soon as it
   * exists, so that the caller can write the HAR even when the run throws.
   */
  onHar?: (recorder: HarRecorder) => void;
  /**
   * Opens the target instead of `openTarget` (the mutation harness judges, in a process that stays warm, an
   * embedded server it started where Stryker's mutant switch lives: `embeddedTarget`).
   */
  openTarget?: (options: ResolvedRunOptions) => Promise<OpenTarget>;
}

/** Checks that the target answers at all (a refused connection is a harness error) and reads /me's balance. */
async function preflight(engine: RunEngine): Promise<void> {
  engine.spend();
  const ex = await engine.guard.send(
    engine.transport,
    engine.wire({ operation: "me", method: "GET", path: "/me" }),
  );
  // /me's `credential.credits` is the first balance the credit budget sees.
  engine.credits.observe("main", ex);
  assertReachable(ex);
}

/** The engine of a run on an open target, with its first plan (re-planned once fixtures are discovered). */
function startEngine(options: ResolvedRunOptions, open: OpenTarget, hooks: RunHooks): RunEngine {
  const fixtures = open.fixtures ?? emptyFixtures();
  const engine = new RunEngine(
    options,
    open.target,
    open.keys,
    fixtures,
    planFor(options, open, hooks, !open.fixtures),
    hooks.onProgress,
  );
  if (hooks.onCall) engine.onCall = hooks.onCall;
  if (hooks.onExchange) engine.onExchange = hooks.onExchange;
  if (hooks.onOutcome) engine.onOutcome = hooks.onOutcome;
  if (hooks.signal) engine.guard.stopOn(hooks.signal);
  return engine;
}

/** The plan of a run (plan.ts), told to `hooks.onPlan`. */
function planFor(options: ResolvedRunOptions, open: OpenTarget, hooks: RunHooks, discover: boolean): RunPlan {
  const plan = planRun(
    options,
    {
      target: open.target,
      hasFreeKey: open.keys.free !== undefined,
      hasRevokedKey: open.keys.revoked !== undefined,
      hasTeamKey: open.keys.team !== undefined,
      hasNoCreditsKey: open.keys.noCredits !== undefined,
      fixtures: open.fixtures ?? emptyFixtures(),
      discover,
    },
    hooks.suites ?? SUITES,
  );
  hooks.onPlan?.(plan);
  return plan;
}

/** Runs one suite; a stop or a harness error ends the run, any other error only the suite (recorded). */
async function runSuite(engine: RunEngine, open: OpenTarget, suite: Suite): Promise<"next" | "stop"> {
  try {
    await open.beforeSuite(suite.name);
    await suite.run(createSuiteContext(engine, suite.name));
    return "next";
  } catch (err) {
    if (err instanceof RunStopped) return "stop";
    if (engine.deadline.signal.aborted) {
      engine.guard.deadlineStop();
      return "stop";
    }
    if (err instanceof HarnessError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    engine.notes.push(`suite ${suite.name} ended early on an internal error: ${reason}`);
    const outcome = engine.results.add(suite.name, {
      verdict: RUNNER.suiteError,
      status: "inconclusive",
      message: reason,
    });
    engine.onOutcome(suite.name, outcome);
    return "next";
  }
}

/** Finds the fixtures (when none were given) and runs the selected suites in order; returns seconds per suite. */
async function runSuites(
  engine: RunEngine,
  open: OpenTarget,
  hooks: RunHooks,
): Promise<Record<string, number>> {
  const { options } = engine;
  const progress = hooks.onProgress ?? (() => {});
  const timings: Record<string, number> = {};
  await preflight(engine);
  if (!open.fixtures) {
    progress("discovering ids through /resolve (no --fixtures given)");
    const found = await discoverFixtures(runDiscovery(createSuiteContext(engine, "discovery")), options.seed);
    Object.assign(engine.fixtures, found);
    hooks.onFixtures?.(engine.fixtures);
    // The suites' calls depend on the fixtures: plan again with the ones found (budget and pace kept apart).
    engine.plan = planFor(options, { ...open, fixtures: engine.fixtures }, hooks, true);
  }
  engine.credits.plan(creditNeeds(options, engine.fixtures, engine.keys));
  const available = hooks.suites ?? SUITES;
  for (const [index, name] of options.suites.entries()) {
    if (engine.stopped) break;
    const suite = available.find((s) => s.name === name);
    if (!suite) {
      engine.notes.push(`suite ${name} is not available in this build; skipped`);
      continue;
    }
    progress(`suite ${name}: ${suite.description}`);
    hooks.onSuite?.(name, index, options.suites.length);
    const started = performance.now();
    const next = await runSuite(engine, open, suite);
    timings[name] = Math.round(performance.now() - started) / 1000;
    if (next === "stop") break;
  }
  return timings;
}

/**
 * Runs the conformance suites against the target of `options`; returns the report, redacted with the run's
 * keys (buildRunReport seals it), and those keys (for the CLI's console).
 */
export async function runConformance(
  options: ResolvedRunOptions,
  hooks: RunHooks = {},
): Promise<CommandResult> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const open = await (hooks.openTarget ?? openTarget)(options);
  let engine: RunEngine;
  try {
    engine = startEngine(options, open, hooks);
  } catch (err) {
    await open.close();
    throw err;
  }
  if (engine.har) hooks.onHar?.(engine.har);
  let timings: Record<string, number> = {};
  try {
    timings = await runSuites(engine, open, hooks);
  } catch (err) {
    // After a stop (deadline, interruption) an aborted wait may surface as its own error: the stop explains it.
    if (!(err instanceof RunStopped) && !(engine.stopped && engine.deadline.signal.aborted)) throw err;
  } finally {
    await engine.close();
    await open.close();
  }
  return buildRunReport({
    options,
    target: open.target,
    startedAt,
    finishedAt: new Date().toISOString(),
    seconds: Math.round(performance.now() - started) / 1000,
    plan: engine.plan,
    rows: engine.results.results(),
    notes: engine.notes,
    credits: { spent: engine.credits.spent, note: creditNote(engine.credits) },
    calls: engine.calls,
    ...(engine.stopped ? { stopped: engine.stopped } : {}),
    timings,
    sent: engine.sent.rows(),
    seen: engine.seen.values(),
    ...(engine.har ? { har: engine.har.document() } : {}),
    redactor: engine.redactor,
  });
}
