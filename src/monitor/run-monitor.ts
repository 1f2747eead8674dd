/**
 * `cbcheck monitor`: runs the selected suites against a server over and over, a cycle at a time (every rule
 * exercised once per cycle, in slices spread over it: cycle-plan.ts), within its budgets, and announces only
 * changes — a rule that starts failing, a rule that recovers — as events. State survives a restart: a monitor
 * started again goes on with the slice where it stopped, with the budget already spent. It prints nothing and
 * exits nothing: the CLI prints the events and lines it is told and sets the exit code from the result.
 */
import { HarnessError } from "../errors.js";
import { newRegistry, serveMetrics } from "../metrics/serve-metrics.js";
import { runConformance } from "../runner/index.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { announce } from "./announce.js";
import { type CyclePlan, planCycle, planSlice, type SliceSpec, sliceRunOptions } from "./cycle-plan.js";
import type { MonitorEvent } from "./events.js";
import { MonitorMetrics } from "./monitor-metrics.js";
import { MonitorSession } from "./monitor-session.js";
import type { ResolvedMonitorOptions } from "./options.js";
import { runSlice } from "./run-slice.js";
import { loadState, newState } from "./state-file.js";

/** Hooks of a monitor; all but the signal optional. */
export interface MonitorHooks {
  /** Aborted on SIGINT/SIGTERM: the slice stops, the state is written, the monitor returns. */
  signal: AbortSignal;
  /** Each event (one JSON line on stdout). */
  onEvent?(event: MonitorEvent): void;
  /** Progress lines (stderr): slices, cycles, holds, webhook failures. */
  onLine?(line: string): void;
  /** The metrics URL, once served (`--metrics-port`). */
  onMetricsListening?(url: string): void;
}

/** How a monitor ended. */
export interface MonitorResult {
  /**
   * `pass`/`fail`: one cycle ran (`--once`) with no rule / some rule failing; `incomplete`: a slice of it
   * stopped early; `interrupted`: a signal; `stopped`: the target refused the key (401/402/403).
   */
  verdict: "pass" | "fail" | "incomplete" | "interrupted" | "stopped";
  /** The rules failing at the end (`rule on operation`). */
  failing: string[];
  reason?: string;
}

/** Slice budget kept for discovering ids through /resolve (the runner's probe, 8 discovery calls, repeats). */
const DISCOVERY_CALLS = 12;

/** Runs the monitor until the signal aborts (or, with `once`, for one cycle). */
export async function runMonitor(
  options: ResolvedMonitorOptions,
  hooks: MonitorHooks,
): Promise<MonitorResult> {
  const target = {
    baseUrl: options.baseUrl,
    ...(options.altBaseUrl ? { altBaseUrl: options.altBaseUrl } : {}),
  };
  const now = options.clock.now();
  const state =
    (await loadState(options.state, target)) ??
    newState(target, options.seed ?? Math.floor(Math.random() * 2 ** 31), now);
  const registry = newRegistry();
  const metrics = new MonitorMetrics(registry);
  const server = options.metrics ? await serveMetrics(registry, options.metrics) : undefined;
  if (server) hooks.onMetricsListening?.(server.url);
  const say = hooks.onLine ?? (() => {});
  const session = new MonitorSession(options, state, metrics, hooks.signal, say, server);
  try {
    return await watch(session, hooks);
  } finally {
    await session.save();
    await server?.close();
  }
}

/** Discovers the target's ids once (nothing given, none kept), within the hour's budget. */
async function discover(session: MonitorSession): Promise<boolean> {
  if (!(await session.waitToSend(DISCOVERY_CALLS))) return false;
  const { options, state } = session;
  const spec = {
    cycle: 1,
    index: 1,
    count: 1,
    seed: state.seed,
    paceS: 3600 / options.maxCallsPerHour,
    maxCalls: DISCOVERY_CALLS,
    maxCredits: 0,
  };
  let found = false;
  await runConformance(
    { ...sliceRunOptions(options, spec), suites: [] },
    {
      signal: session.signal,
      onCall: () => session.budget.spendCall(session.now),
      onFixtures: (fixtures) => {
        state.fixtures = { ...fixtures };
        found = true;
      },
    },
  );
  if (!found && !session.signal.aborted)
    throw new HarnessError("CB_FIXTURES", "no ids found through /resolve: give --fixtures FILE");
  await session.save();
  return found;
}

function result(session: MonitorSession, verdict: MonitorResult["verdict"], reason?: string): MonitorResult {
  const failing = session.book.failing().map((r) => (r.operation ? `${r.rule} on ${r.operation}` : r.rule));
  return { verdict, failing, ...(reason ? { reason } : {}) };
}

/** The loop: slice after slice, cycle after cycle. */
async function watch(session: MonitorSession, hooks: MonitorHooks): Promise<MonitorResult> {
  const { options, state } = session;
  const say = hooks.onLine ?? (() => {});
  if (!(await session.knownFixtures()) && !(await discover(session))) return result(session, "interrupted");
  const fixtures = (await session.knownFixtures())!;
  let plan: (CyclePlan & { cycle: number }) | undefined;
  for (;;) {
    const cycle = state.cycle;
    if (cycle.nextSlice > cycle.slices) {
      // The cycle is over: --once ends here; otherwise the next starts a --cycle after this one started.
      if (options.once && session.cyclesEnded > 0) break;
      if (
        !options.once &&
        !(await session.sleep(Date.parse(cycle.startedAt) + options.cycleMs - session.now))
      )
        break;
      Object.assign(cycle, {
        number: cycle.number + 1,
        startedAt: new Date(session.now).toISOString(),
        nextSlice: 1,
        incomplete: false,
      });
    }
    const seed = state.seed + cycle.number - 1;
    // Planned once per cycle (again after a restart mid-cycle: the same seed gives the same plan).
    if (plan?.cycle !== cycle.number) plan = { cycle: cycle.number, ...planCycle(options, fixtures, seed) };
    if (cycle.nextSlice === 1) {
      cycle.slices = plan.slices;
      say(
        `cbcheck monitor: cycle ${cycle.number}: ${plan.calls} calls in ${plan.slices} slice(s), one call every ${plan.paceS.toFixed(1)} s${plan.note ? `; ${plan.note}` : ""}`,
      );
    }
    const spec: SliceSpec & { fixtures: TargetFixtures } = {
      cycle: cycle.number,
      index: cycle.nextSlice,
      count: cycle.slices,
      seed,
      fixtures,
      paceS: plan.paceS,
      maxCredits: session.budget.creditsLeft(session.now),
    };
    const slicePlan = planSlice(options, spec);
    if (!(await session.waitToSend(slicePlan.total))) break;
    spec.maxCalls = Math.min(session.budget.callsLeft(session.now), slicePlan.total + slicePlan.reserve);
    const slice = await runSlice(options, spec, {
      budget: session.budget,
      book: session.book,
      metrics: session.metrics,
      onMe: (body) => session.noteMe(body),
      onRetryAfter: (seconds) => session.noteRetryAfter(seconds),
      signal: session.signal,
    });
    const place = {
      target: options.baseUrl,
      cycle: cycle.number,
      slice: `${spec.index}/${spec.count}`,
      at: session.now,
    };
    await announce(session, slice, place, hooks.onEvent ?? (() => {}));
    say(
      `cbcheck monitor: cycle ${cycle.number} slice ${place.slice}: ${slice.report?.summary.calls ?? 1} call(s), ${session.book.failing().length} rule(s) failing`,
    );
    if (slice.stopped === "fatal-status") {
      await session.save();
      return result(session, "stopped", slice.message);
    }
    if (session.signal.aborted) break;
    if (slice.stopped) {
      cycle.incomplete = true;
      say(`cbcheck monitor: slice ${place.slice} of cycle ${cycle.number} stopped early: ${slice.message}`);
      // A target that did not answer is tried again after the time a slice takes, not at once.
      if (slice.stopped.startsWith("target-"))
        session.budget.holdUntil(
          session.now + slicePlan.total * plan.paceS * 1000,
          `the target did not answer (${slice.stopped})`,
        );
    }
    cycle.nextSlice++;
    if (cycle.nextSlice > cycle.slices) endCycle(session, say);
    session.showBudget();
    await session.save();
  }
  if (session.signal.aborted) return result(session, "interrupted");
  const failing = session.book.failing().length > 0;
  if (failing) return result(session, "fail");
  return state.cycle.incomplete
    ? result(session, "incomplete", "a slice of the cycle stopped before its end")
    : result(session, "pass");
}

/** Records the end of a cycle: complete (every slice ran to its end) or not. */
function endCycle(session: MonitorSession, say: (line: string) => void): void {
  const { cycle } = session.state;
  session.cyclesEnded++;
  const complete = !cycle.incomplete;
  session.metrics.cycles.inc({ result: complete ? "complete" : "incomplete" });
  if (complete) {
    cycle.lastCompletedAt = new Date(session.now).toISOString();
    session.metrics.lastCycleSuccess.set(session.now / 1000);
  }
  const failing = session.book.failing().length;
  say(
    `cbcheck monitor: cycle ${cycle.number} ${complete ? "complete" : "incomplete"}: ${failing} rule(s) failing`,
  );
}
