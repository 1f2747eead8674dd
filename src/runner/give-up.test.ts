import { describe, expect, it } from "vitest";
import { startHostileTarget } from "../cli/test-support/hostile-targets.js";
import type { Exchange } from "../transport/exchange.js";
import { GiveUpTracker } from "./give-up.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";

const fixtures = { known_ids: ["cb:org:123456789"] };
const request = { method: "GET", baseUrl: "http://x/v1", path: "/me", query: {}, headers: {} };
const failed: Exchange = { operation: "me", request, transportError: { code: "CB_RESET", message: "reset" } };
const answered = (status: number): Exchange => ({
  operation: "me",
  request,
  response: { status, headers: {}, bodyText: "{}", json: {}, durationMs: 1 },
});

describe("GiveUpTracker", () => {
  it("gives up after N calls in a row without a response; any response starts the count again", () => {
    const tracker = new GiveUpTracker({ failuresInARow: 3, rateLimitedInARow: 2 });
    for (const ex of [failed, failed, answered(500), failed, failed]) tracker.note(ex);
    expect(tracker.reason()).toBeUndefined();
    tracker.note(failed);
    expect(tracker.reason()).toMatchObject({
      kind: "target-unresponsive",
      message: /3 calls in a row.*CB_RESET/,
    });
  });

  it("gives up after M unexpected 429s in a row; a 2xx in between starts the count again", () => {
    const tracker = new GiveUpTracker({ failuresInARow: 3, rateLimitedInARow: 2 });
    tracker.note(answered(429));
    tracker.noteUnexpected429();
    tracker.note(answered(200));
    tracker.note(answered(429));
    tracker.noteUnexpected429();
    expect(tracker.reason()).toBeUndefined();
    // A 429 the run probed for (the rate-limit suite) is noted but not counted.
    tracker.note(answered(429));
    expect(tracker.reason()).toBeUndefined();
    tracker.noteUnexpected429();
    expect(tracker.reason()).toMatchObject({ kind: "rate-limited" });
  });
});

describe("runConformance gives up on a dead or hostile target", () => {
  it("stops a stalling target after --give-up-after-failures calls, failing what it judged", async () => {
    const target = await startHostileTarget("stall");
    try {
      const options = resolveRunOptions({
        baseUrl: target.baseUrl,
        env: { CB_API_KEY: "give-up-test-key" },
        fixtures,
        timeoutMs: 300,
        giveUpAfterFailures: 4,
      });
      const result = await runConformance(options);
      expect(result.report.summary.calls).toBe(4);
      expect(target.hits()).toBe(4);
      expect(result.report.details?.stopped).toBe("target-unresponsive");
      expect(result.report.verdict).toBe("fail");
      expect(result.report.notes?.[0]).toMatch(/gave up after 4 calls in a row without a response/);
    } finally {
      await target.close();
    }
  });

  it("stops a target that answers 429 to everything after --give-up-after-429s, not after --max-calls", async () => {
    const target = await startHostileTarget("all-429");
    try {
      const options = resolveRunOptions({
        baseUrl: target.baseUrl,
        env: { CB_API_KEY: "give-up-test-key" },
        fixtures,
        maxCalls: 1000,
        giveUpAfter429s: 3,
      });
      const result = await runConformance(options);
      expect(target.hits()).toBe(4); // the reachability probe, then three 429s in a row
      expect(result.report.details?.stopped).toBe("rate-limited");
      expect(result.stopped).toMatch(/gave up after 3 429 responses in a row/);
    } finally {
      await target.close();
    }
  });
});
