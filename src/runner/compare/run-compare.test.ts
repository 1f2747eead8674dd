/**
 * `compare` against hostile candidates (issue 26, finding 4), in-process: a candidate answering 100,000-deep
 * JSON is reported (no stack overflow), a candidate that never answers is given up on after a few calls
 * instead of being waited out request by request, a release answering only 429 is given up on, the deadline
 * and an interruption end the comparison at once, and a comparison where nothing was compared is no PASS.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileTargetKind, startHostileTarget } from "../../cli/test-support/hostile-targets.js";
import { HarnessError } from "../../errors.js";
import { writeReports } from "../../report/write-reports.js";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";
import { normaliseFixtures } from "../../vocabulary/target-fixtures.js";
import { type CompareOptions, resolveCompareOptions } from "./compare-options.js";
import { type CompareHooks, runCompare } from "./run-compare.js";

let base: RunningServer;
let dir: string;
beforeAll(async () => {
  base = await startServer({ rateLimit: 1e6, callsPerDay: 1e7, recordsPerDay: 1e12 });
  dir = mkdtempSync(join(tmpdir(), "cbcheck-compare-hostile-"));
});
afterAll(async () => {
  await base.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Compares the reference server (or another hostile target as base) with a hostile candidate. */
async function compareWith(
  kind: HostileTargetKind,
  options: Partial<CompareOptions> = {},
  hooks: (target: { hits(): number }) => CompareHooks = () => ({}),
  baseKind?: HostileTargetKind,
) {
  const candidate = await startHostileTarget(kind);
  const hostileBase = baseKind ? await startHostileTarget(baseKind) : undefined;
  try {
    const resolved = await resolveCompareOptions({
      baseUrl: hostileBase?.baseUrl ?? base.url,
      candidateUrl: candidate.baseUrl,
      env: { CB_API_KEY: base.keys.plus },
      seed: 1,
      runs: 1,
      // A few pairs (its parameter examples, one random request, its bound cases), not the whole comparison.
      operations: ["me", "capabilities"],
      timeoutMs: 300,
      ...options,
    });
    resolved.fixtures = normaliseFixtures(base.fixtures);
    const started = Date.now();
    const result = await runCompare(resolved, hooks(candidate));
    return { result, ms: Date.now() - started, hits: candidate.hits() };
  } finally {
    await candidate.close();
    await hostileBase?.close();
  }
}

describe("compare against a hostile candidate", () => {
  it("reports a candidate answering 100,000-deep JSON as breaking, values bounded, reports writable", async () => {
    const { result } = await compareWith("deep-json");
    expect(result.report.verdict).toBe("fail");
    const example = result.report.results.find((r) => r.status === "fail")?.counterexamples[0];
    expect(example?.received?.length).toBeLessThan(1000);
    const out = join(dir, "deep");
    await writeReports(out, result.report, result.sections);
    expect(JSON.parse(readFileSync(join(out, "report.json"), "utf8")).verdict).toBe("fail");
  });

  it("gives up on a candidate that never answers after --give-up-after-failures calls, failing it", async () => {
    // The /me preflight, then the first pair: two calls without a response, and the second pair is not sent.
    const { result, hits } = await compareWith("stall", { giveUpAfterFailures: 2 });
    expect(hits).toBe(2);
    expect(result.report.details?.stopped).toBe("target-unresponsive");
    expect(result.report.notes?.[0]).toMatch(/gave up after 2 calls in a row without a response from http/);
    // The pairs it failed to answer are breaking: a release that stops answering broke its clients.
    expect(result.report.verdict).toBe("fail");
  });

  it("gives up on a candidate that answers only 429, without waiting out every request", async () => {
    const { result, hits } = await compareWith("all-429", { giveUpAfter429s: 1 });
    expect(hits).toBe(1);
    expect(result.report.details?.stopped).toBe("rate-limited");
    expect(result.report.verdict).toBe("incomplete");
  });

  it("is no PASS when no release answered a single pair", async () => {
    const { result } = await compareWith("stall", { giveUpAfterFailures: 2 }, () => ({}), "stall");
    expect(result.report.verdict).toBe("incomplete");
    expect(result.report.results.filter((r) => r.status === "pass")).toEqual([]);
  });

  it("stops at --deadline-s, however long the timeout", async () => {
    const { result, ms } = await compareWith("stall", { timeoutMs: 60_000, deadlineS: 1 });
    expect(ms).toBeLessThan(5_000);
    expect(result.report.details?.stopped).toBe("deadline");
    expect(result.report.verdict).toBe("incomplete");
  });

  it("stops at once when its signal aborts, with what it compared", async () => {
    const interrupt = new AbortController();
    const { result, ms } = await compareWith("stall", { timeoutMs: 60_000 }, (target) => {
      const poll = setInterval(() => {
        if (target.hits() > 0) {
          clearInterval(poll);
          interrupt.abort();
        }
      }, 10);
      return { signal: interrupt.signal };
    });
    expect(ms).toBeLessThan(5_000);
    expect(result.report.details?.stopped).toBe("interrupted");
    expect(result.stopped).toMatch(/interrupted/);
  });

  it("refuses a release that cannot be reached at all (exit 2), before comparing anything", async () => {
    const refused = runCompare(
      await resolveCompareOptions({
        baseUrl: base.url,
        candidateUrl: "http://127.0.0.1:9/v1",
        env: { CB_API_KEY: base.keys.plus },
        fixtures: undefined,
      }),
    );
    await expect(refused).rejects.toBeInstanceOf(HarnessError);
    await expect(refused).rejects.toThrow(/cannot reach the candidate http:\/\/127.0.0.1:9\/v1/);
  });
});
