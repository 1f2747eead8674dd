/**
 * certify-client on a client in another language: examples/python-client (Python's standard library only) is
 * certified in every scenario, and a variant of it that does not wait out Retry-After is refused for exactly
 * that rule. python3 is on every machine that runs these tests (and in CI).
 */
import { describe, expect, it } from "vitest";
import { SCENARIO_NAMES } from "./scenarios.js";
import { certifyCommand } from "./test-support/certify-with.js";

describe("certify-client on the Python example client", () => {
  it("certifies examples/python-client/certify_adapter.py in every scenario, the key never in its output", async () => {
    const outcome = await certifyCommand(["python3", "examples/python-client/certify_adapter.py"]);
    expect(outcome.failing, outcome.failures).toEqual([]);
    expect(outcome.scenarios).toEqual(Object.fromEntries(SCENARIO_NAMES.map((name) => [name, "pass"])));
    expect(outcome.result.certified).toBe(true);
    for (const text of outcome.reportTexts) for (const key of outcome.keys) expect(text).not.toContain(key);
  }, 180_000);

  it("refuses the variant that does not wait out Retry-After, for that rule alone", async () => {
    const outcome = await certifyCommand(
      ["python3", "src/certify/test-support/python/ignores_retry_after.py"],
      {
        scenarios: ["happy", "rate-limited"],
      },
    );
    expect(outcome.failing, outcome.failures).toEqual(["client.wait_retry_after"]);
    expect(outcome.scenarios).toEqual({ happy: "pass", "rate-limited": "fail" });
    expect(outcome.result.certified).toBe(false);
  }, 120_000);
});
