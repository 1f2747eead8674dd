/**
 * The state file of `cbcheck monitor`: versioned JSON (schemas/monitor-state.schema.json), read once at start
 * and written whole after every slice to a temporary file that is flushed and renamed over the old one, so a
 * crash or a kill mid-write leaves the previous state, never half of one. Bounded: the history keeps the last
 * 200 events and at most 2,000 rules are kept (the registry has a few hundred rule and operation pairs).
 */
import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import { validateAs } from "../contract/registry.js";
import type { CbcheckMonitorState } from "../contract/types.gen.js";
import { HarnessError } from "../errors.js";
import { FILE_LIMITS, readCappedFile } from "../read-capped-file.js";

/** What the monitor keeps across restarts. */
export type MonitorState = CbcheckMonitorState;

/** The format written; another is refused (`CB_STATE_MISMATCH`), never guessed at. */
export const STATE_VERSION = 1;
/** Events kept in the history. */
export const MAX_HISTORY = 200;
/** Rules kept (the least recently judged go first). */
export const MAX_RULES = 2000;

/** The target a state belongs to. */
export interface StateTarget {
  baseUrl: string;
  altBaseUrl?: string;
}

/** A fresh state for `target`, its first cycle starting `now`. */
export function newState(target: StateTarget, seed: number, now: number): MonitorState {
  return {
    version: STATE_VERSION,
    target: { ...target },
    seed,
    cycle: { number: 1, startedAt: new Date(now).toISOString(), slices: 1, nextSlice: 1, incomplete: false },
    budget: { minutes: [], day: new Date(now).toISOString().slice(0, 10), callsToday: 0, creditsToday: 0 },
    rules: [],
    history: [],
  };
}

function isMissing(err: unknown): boolean {
  return err instanceof HarnessError && (err.cause as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

/** The state at `path`, or undefined when there is none yet; refuses one of another target or version. */
export async function loadState(path: string, target: StateTarget): Promise<MonitorState | undefined> {
  let text: string;
  try {
    text = await readCappedFile(path, FILE_LIMITS.monitorState, "state file");
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new HarnessError("CB_INPUT_NOT_JSON", `state file ${path} is not JSON: ${(err as Error).message}`);
  }
  const version = (value as { version?: unknown } | null)?.version;
  if (version !== STATE_VERSION) {
    throw new HarnessError(
      "CB_STATE_MISMATCH",
      `state file ${path} has format version ${JSON.stringify(version)}; this cbcheck reads version ${STATE_VERSION} (start with another --state)`,
    );
  }
  const violations = validateAs("monitor-state", value, 3);
  if (violations.length > 0) {
    const first = violations[0];
    throw new HarnessError(
      "CB_INPUT_INVALID",
      `state file ${path} is not a monitor state at ${first.pointer || "/"}: ${first.message}`,
    );
  }
  const state = value as MonitorState;
  if (state.target.baseUrl !== target.baseUrl || state.target.altBaseUrl !== target.altBaseUrl) {
    throw new HarnessError(
      "CB_STATE_MISMATCH",
      `state file ${path} watches ${state.target.baseUrl}${state.target.altBaseUrl ? ` and ${state.target.altBaseUrl}` : ""}, not this target: give each target its own --state`,
    );
  }
  return state;
}

/** Trims what grows: the oldest events, then the least recently judged rules. */
export function boundState(state: MonitorState): MonitorState {
  if (state.history.length > MAX_HISTORY) state.history = state.history.slice(-MAX_HISTORY);
  if (state.rules.length > MAX_RULES) {
    const byRecent = [...state.rules].sort((a, b) =>
      (b.lastJudgedAt ?? "").localeCompare(a.lastJudgedAt ?? ""),
    );
    state.rules = byRecent.slice(0, MAX_RULES);
  }
  return state;
}

/** Writes `state` to `path` atomically: a flushed temporary file renamed over the old one. */
export async function saveState(path: string, state: MonitorState): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    const file = await open(temporary, "wx", 0o600);
    try {
      await file.writeFile(`${JSON.stringify(boundState(state), null, 1)}\n`, "utf8");
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (err) {
    await rm(temporary, { force: true });
    throw new HarnessError(
      "CB_OUTPUT_UNWRITABLE",
      `cannot write the state file ${path}: ${(err as Error).message}`,
    );
  }
}
