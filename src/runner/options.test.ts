import { describe, expect, it } from "vitest";
import { HarnessError, type HarnessErrorCode } from "../errors.js";
import { RUN_DEFAULTS, resolveRunOptions, SUITE_ORDER } from "./options.js";

const now = new Date("2026-01-02T03:04:05.678Z");

function usageError(fn: () => unknown, code: HarnessErrorCode = "CB_USAGE"): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HarnessError);
    expect((err as HarnessError).code).toBe(code);
    return (err as Error).message;
  }
  throw new Error("expected a HarnessError");
}

describe("resolveRunOptions", () => {
  it("refuses an --alt-ignore that is not a JSON pointer (it would match nothing and fail on the first field)", () => {
    expect(() => resolveRunOptions({ altIgnore: ["/as_of", "request_id"] })).toThrow(
      expect.objectContaining({
        code: "CB_USAGE",
        message: expect.stringContaining('--alt-ignore "request_id"'),
      }),
    );
    expect(resolveRunOptions({ altIgnore: ["/data/0/name"] }).altIgnore).toEqual(["/data/0/name"]);
  });

  it("places the embedded server in this process unless a child is asked for; another place is refused", () => {
    expect(resolveRunOptions({}).embedded.mode).toBe("in-process");
    expect(resolveRunOptions({ embeddedMode: "child" }).embedded.mode).toBe("child");
    const message = usageError(() => resolveRunOptions({ embeddedMode: "worker" as "child" }));
    expect(message).toContain('embeddedMode must be "child" or "in-process", got "worker"');
    const withUrl = () => resolveRunOptions({ baseUrl: "http://127.0.0.1:1/v1", embeddedMode: "child" });
    expect(usageError(withUrl)).toContain("--embedded-child is for the embedded server");
  });

  it("defaults everything for the embedded server, expecting its own short rate window", () => {
    const o = resolveRunOptions({ seed: 5 }, now);
    expect(o.target).toEqual({ kind: "embedded" });
    expect(o.suites).toEqual(SUITE_ORDER);
    expect(o.runs).toBe(RUN_DEFAULTS.runs);
    // No --max-calls: the plan's calls and reserve are the budget (plan.test.ts).
    expect(o.maxCalls).toBeUndefined();
    expect([o.runsGiven, o.paceToLimit]).toEqual([false, false]);
    expect(o.expectRateLimit).toEqual({ calls: RUN_DEFAULTS.embeddedRateLimit, seconds: 1 });
    expect(o.allowCredits).toBe(true);
    expect(o.reportDir).toBe("reports/run/2026-01-02T03-04-05-678Z");
    expect(o.allowInconclusive).toBe(false);
    expect(o.shard).toEqual({ index: 1, count: 1 });
    expect(o.altIgnore).toEqual(["/request_id", "/as_of", "/cost/balance"]);
    expect(o.concurrency).toBe(1);
  });

  it("reads keys only from the named environment variables and expects 120/60 on a URL", () => {
    const env = { MY_KEY: "k-main", MY_FREE: "k-free" };
    const o = resolveRunOptions({
      baseUrl: "http://h/v1/",
      apiKeyEnv: "MY_KEY",
      freeApiKeyEnv: "MY_FREE",
      env,
    });
    expect(o.target).toEqual({ kind: "url", baseUrl: "http://h/v1" });
    expect(o.apiKey).toBe("k-main");
    expect(o.freeApiKey).toBe("k-free");
    expect(o.expectRateLimit).toEqual({ calls: 120, seconds: 60 });
    expect(o.allowCredits).toBe(false);
  });

  it("leaves the free key out when its variable is unset", () => {
    const o = resolveRunOptions({ baseUrl: "http://h/v1", env: { CB_API_KEY: "k" } });
    expect(o.freeApiKey).toBeUndefined();
  });

  it("takes numbers, and parses suites, shard and rate given in their CLI notation", () => {
    const o = resolveRunOptions({
      seed: 42,
      runs: 7,
      maxCalls: 99,
      suites: ["negative,schema", "http"],
      shard: "2/3",
      expectRateLimit: "10/2",
    });
    expect([o.seed, o.runs, o.maxCalls]).toEqual([42, 7, 99]);
    expect(o.suites).toEqual(["http", "schema", "negative"]);
    expect(o.shard).toEqual({ index: 2, count: 3 });
    expect(o.expectRateLimit).toEqual({ calls: 10, seconds: 2 });
  });

  it("refuses bad values with one-line usage errors", () => {
    expect(usageError(() => resolveRunOptions({ baseUrl: "http://h/v1", env: {} }), "CB_NO_KEY")).toMatch(
      /CB_API_KEY/,
    );
    expect(usageError(() => resolveRunOptions({ suites: ["nope"] }))).toMatch(/unknown suite "nope"/);
    expect(usageError(() => resolveRunOptions({ runs: 0 }))).toMatch(/--runs/);
    expect(usageError(() => resolveRunOptions({ maxCalls: Number.NaN }))).toMatch(/--max-calls/);
    expect(usageError(() => resolveRunOptions({ shard: "4/3" }))).toMatch(/--shard/);
    expect(usageError(() => resolveRunOptions({ expectRateLimit: "120" }))).toMatch(/CALLS\/SECONDS/);
    expect(usageError(() => resolveRunOptions({ baseUrl: "ftp://x", env: { CB_API_KEY: "k" } }))).toMatch(
      /http/,
    );
    expect(usageError(() => resolveRunOptions({ altBaseUrl: "http://h/api/v1" }))).toMatch(/--base-url/);
    expect(usageError(() => resolveRunOptions({ apiKeyEnv: "not a name" }))).toMatch(/environment variable/);
    for (const bad of [0, 17, 2.5, Number.NaN]) {
      expect(usageError(() => resolveRunOptions({ concurrency: bad }))).toMatch(/--concurrency .* 1 to 16/);
    }
    expect(resolveRunOptions({ concurrency: 16 }).concurrency).toBe(16);
  });
});
