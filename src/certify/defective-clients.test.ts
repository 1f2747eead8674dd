/**
 * Each deliberately defective client is refused for exactly its own defect: the set of failing rule ids over
 * every scenario equals the one rule that defect breaks. The control (same base, no defect) is certified.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CertifyOutcome, certifyCommand, defectiveClient } from "./test-support/certify-with.js";
import { removeCompiledClients } from "./test-support/compile-clients.js";

/** Whole-suite runs share two cores; the certifications all start in beforeAll, so the first test waits longest. */
const SLOW_MS = 240_000;

/** Defective client → the only rule it may fail. */
const EXPECTED: Record<string, string[]> = {
  "no-defect": [],
  "parallel-calls": ["sequential-calls"],
  "ignores-retry-after": ["wait-retry-after"],
  "retries-after-fatal": ["stop-on-fatal"],
  "oversize-batch": ["batch-50-with-all-extensions"],
  "over-100-ids": ["batch-ids-1-to-100"],
  "logs-key": ["key-not-logged"],
  "fetches-twice": ["fetch-once"],
  "gives-up-on-503": ["retry-503-same-request"],
  "drops-data": ["output-delivered"],
  "resends-400": ["no-resend-400"],
  "extra-body-property": ["body-contract-properties"],
};

describe("defective clients", () => {
  afterAll(removeCompiledClients);
  // Started together (vitest's it.concurrent caps at 5): each certification mostly waits on processes and latency.
  const outcomes = new Map<string, Promise<CertifyOutcome>>();
  beforeAll(() => {
    for (const name of Object.keys(EXPECTED)) {
      const outcome = defectiveClient(name).then((command) => certifyCommand(command, { concurrency: 1 }));
      outcome.catch(() => undefined); // awaited in its own test
      outcomes.set(name, outcome);
    }
  });

  it.each(Object.entries(EXPECTED))(
    "%s fails exactly %j",
    async (name, expected) => {
      const outcome = await outcomes.get(name)!;
      expect(outcome.failing, outcome.failures).toEqual(expected);
      expect(outcome.result.certified).toBe(expected.length === 0);
      for (const text of outcome.reportTexts) for (const key of outcome.keys) expect(text).not.toContain(key);
    },
    SLOW_MS,
  );

  it("at --level required, a client that breaks only recommended practice is certified", async () => {
    const outcome = await certifyCommand(await defectiveClient("oversize-batch"), {
      level: "required",
      scenarios: ["happy", "rate-limited"],
    });
    expect(outcome.failing, outcome.failures).toEqual([]);
    expect(outcome.result.certified).toBe(true);
    const row = outcome.result.report.results.find((r) => r.id === "batch-50-with-all-extensions");
    expect(row?.message).toContain("not graded at --level required (would be fail)");
  });
});
