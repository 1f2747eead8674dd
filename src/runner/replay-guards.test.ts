/**
 * `replay` sends through the guards of every sending command (issue 26): a target that never answers is
 * abandoned at once when the replay's signal aborts (the CLI's SIGINT/SIGTERM), and at the deadline whatever
 * the timeout; an answer the failed check does not apply to is judged by every check, never PASSES NOW; a
 * 429 is a limit, no verdict. Neither a stop nor a 429 ends in a verdict.
 */
import { describe, expect, it } from "vitest";
import { startHostileTarget } from "../cli/test-support/hostile-targets.js";
import type { Report } from "../report/model.js";
import { replayableReport } from "../test-support/replayable-report.js";
import { replayCounterexample } from "./replay.js";
import { RunStopped } from "./run-stopped.js";

/** The shared replayable report, its failing row a response check (judged on one response, as replay does). */
function responseCheckReport(baseUrl: string): Report {
  const report = replayableReport(baseUrl, "Bearer $CB_API_KEY");
  const [row] = report.results;
  return row ? { ...report, results: [{ ...row, id: "resolve.cursor_null", suite: "schema" }] } : report;
}

async function replayAgainst(
  kind: Parameters<typeof startHostileTarget>[0],
  options: { signal?: AbortSignal; deadlineS?: number; giveUpAfter429s?: number },
) {
  const target = await startHostileTarget(kind);
  const started = Date.now();
  try {
    const settled = await replayCounterexample({
      report: responseCheckReport(target.baseUrl),
      env: { CB_API_KEY: "replay-guard-key-0123" },
      timeoutMs: kind === "stall" ? 60_000 : 5_000,
      ...options,
    }).then(
      (result) => ({ result, error: undefined as unknown }),
      (error: unknown) => ({ result: undefined, error }),
    );
    return { ...settled, ms: Date.now() - started, hits: target.hits() };
  } finally {
    await target.close();
  }
}

describe("replay through the guards", () => {
  it("abandons a request that never gets an answer as soon as its signal aborts", async () => {
    const interrupt = new AbortController();
    setTimeout(() => interrupt.abort(), 200);
    const { error, ms, hits } = await replayAgainst("stall", { signal: interrupt.signal });
    expect(error).toBeInstanceOf(RunStopped);
    expect(error).toMatchObject({ reason: "interrupted" });
    expect(hits).toBe(1);
    expect(ms).toBeLessThan(5_000);
  });

  it("ends at its deadline however long the timeout, without a verdict", async () => {
    const { error, ms } = await replayAgainst("stall", { deadlineS: 1 });
    expect(error).toMatchObject({ reason: "deadline", message: /1 s deadline/ });
    expect(ms).toBeLessThan(5_000);
  });

  it("judges with every check an answer the failed check does not apply to, never PASSES NOW on it", async () => {
    // A redirect has no JSON body: resolve.cursor_null judges nothing on it.
    const { result } = await replayAgainst("redirect", {});
    expect(result?.outcome).toBe("fails again");
    expect(result?.notes.join("\n")).toMatch(
      /resolve\.cursor_null does not apply to the new response .*judged with every check/,
    );
  });

  it("gives no verdict on a 429: a limit is not an answer", async () => {
    const { error, hits } = await replayAgainst("all-429", { giveUpAfter429s: 1 });
    expect(error).toMatchObject({ reason: "rate-limited" });
    expect(hits).toBe(1);
  });
});
