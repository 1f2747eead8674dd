/**
 * The monitor's state across a restart: what a process spent and held is what the next one reads, so that a
 * restarted monitor waits for the hour's budget instead of spending it again; a state of another target or
 * format is refused, never guessed at; a write that fails leaves nothing half-written behind.
 */
import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { HarnessError } from "../errors.js";
import { CallBudget } from "./call-budget.js";
import { RuleBook } from "./rule-book.js";
import { loadState, MAX_HISTORY, newState, saveState } from "./state-file.js";

const TARGET = { baseUrl: "https://api.example.com/v1" };
const LIMITS = { maxCallsPerHour: 10, maxCreditsPerDay: 0 };
const T0 = Date.parse("2026-11-27T10:00:00Z");
const MINUTE = 60_000;

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "cbcheck-state-"));
  path = join(dir, "state.json");
});

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => "resolved",
    (e: unknown) => (e instanceof HarnessError ? e.code : String(e)),
  );

describe("the monitor's state file", () => {
  it("carries the hour's calls, a hold and a failing rule over to the next process", async () => {
    const first = newState(TARGET, 7, T0);
    const budget = new CallBudget(first.budget, LIMITS);
    for (let i = 0; i < 8; i++) budget.spendCall(T0 + i * MINUTE);
    budget.holdUntil(T0 + 20 * MINUTE, "Retry-After 600 s (a 429)");
    const book = new RuleBook(first.rules, 2);
    book.observe("http", "http.not_found", "other", "fail", T0);
    expect(book.observe("http", "http.not_found", "other", "fail", T0 + MINUTE)?.to).toBe("failing");
    await saveState(path, first);

    // Started again 10 minutes later (the same clock): the 8 calls still count, the hold still runs.
    const now = T0 + 10 * MINUTE;
    const again = await loadState(path, TARGET);
    if (!again) throw new Error("no state read back");
    const restarted = new CallBudget(again.budget, LIMITS);
    expect(restarted.callsLeft(now)).toBe(2);
    expect(restarted.msUntilFits(5, now)).toBe(T0 + 3 * MINUTE + 60 * MINUTE - now);
    expect(restarted.hold(now)).toEqual({ ms: 10 * MINUTE, reason: "Retry-After 600 s (a 429)" });
    // The failing rule is not announced again by the next process: only its recovery is a change.
    const book2 = new RuleBook(again.rules, 2);
    expect(book2.failing().map((r) => r.rule)).toEqual(["http.not_found"]);
    expect(book2.observe("http", "http.not_found", "other", "fail", now)).toBeUndefined();
    book2.observe("http", "http.not_found", "other", "pass", now);
    expect(book2.observe("http", "http.not_found", "other", "pass", now)?.to).toBe("passing");
    // An hour after the last call, the budget is whole again; the next UTC day, the day's counts restart.
    expect(restarted.callsLeft(T0 + 8 * MINUTE + 60 * MINUTE)).toBe(10);
    restarted.callsLeft(Date.parse("2026-11-28T00:00:01Z"));
    expect(again.budget.callsToday).toBe(0);
  });

  it("is absent before the first run, and refuses another target, another version or no JSON", async () => {
    expect(await loadState(path, TARGET)).toBeUndefined();
    await saveState(path, newState(TARGET, 1, T0));
    expect(await codeOf(loadState(path, { baseUrl: "https://other.example.com/v1" }))).toBe(
      "CB_STATE_MISMATCH",
    );
    expect(await codeOf(loadState(path, { ...TARGET, altBaseUrl: "https://www.example.com/api/v1" }))).toBe(
      "CB_STATE_MISMATCH",
    );
    await writeFile(path, JSON.stringify({ ...newState(TARGET, 1, T0), version: 2 }));
    expect(await codeOf(loadState(path, TARGET))).toBe("CB_STATE_MISMATCH");
    await writeFile(path, "{ half a state");
    expect(await codeOf(loadState(path, TARGET))).toBe("CB_INPUT_NOT_JSON");
    await writeFile(path, JSON.stringify({ version: 1, target: TARGET }));
    expect(await codeOf(loadState(path, TARGET))).toBe("CB_INPUT_INVALID");
  });

  it("leaves no temporary file when a write fails, and bounds the history", async () => {
    const state = newState(TARGET, 1, T0);
    // The rename over a directory fails after the temporary file was written (root may write anywhere else).
    const taken = join(dir, "taken");
    await mkdir(taken);
    expect(await codeOf(saveState(taken, state))).toBe("CB_OUTPUT_UNWRITABLE");
    expect(await readdir(dir)).toEqual(["taken"]);
    const at = new Date(T0).toISOString();
    state.history = Array.from({ length: MAX_HISTORY + 5 }, (_, i) => ({
      event: "monitor_stopped" as const,
      at,
      target: TARGET.baseUrl,
      message: String(i),
    }));
    await saveState(path, state);
    const read = await loadState(path, TARGET);
    expect(read?.history).toHaveLength(MAX_HISTORY);
    expect(read?.history[0].message).toBe("5");
  });
});
