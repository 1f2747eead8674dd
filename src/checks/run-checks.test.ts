/**
 * judgeEach decides applicability once and finds what runChecks finds: on every catalogue example (passing and
 * failing), the same failures in the same order, and exactly the checks whose appliesTo holds.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue.js";
import { judgeEach, runChecks } from "./run-checks.js";
import { EXAMPLES } from "./test-support/examples/index.js";

describe("judgeEach", () => {
  const exchanges = Object.values(EXAMPLES).flatMap((e) => [e.pass, e.fail]);

  it("finds the failures runChecks finds, in the same order, and lists exactly the applicable checks", () => {
    expect(exchanges.length).toBeGreaterThan(20);
    let failing = 0;
    for (const exchange of exchanges) {
      const outcomes = judgeEach(exchange);
      expect(outcomes.flatMap((o) => o.failures)).toEqual(runChecks(exchange));
      expect(outcomes.map((o) => o.check.id)).toEqual(
        CATALOGUE.filter((c) => exchange.response && c.appliesTo(exchange)).map((c) => c.id),
      );
      if (outcomes.some((o) => o.failures.length > 0)) failing++;
    }
    expect(failing).toBeGreaterThan(10);
  });

  it("keeps to the selected checks, in the order asked", () => {
    const exchange = EXAMPLES["resolve.cursor_null"].fail;
    const ids = ["resolve.cursor_null", "response.schema"];
    const outcomes = judgeEach(exchange, ids);
    expect(outcomes.map((o) => o.check.id)).toEqual(
      ids.filter((id) => outcomes.some((o) => o.check.id === id)),
    );
    expect(outcomes.flatMap((o) => o.failures)).toEqual(runChecks(exchange, ids));
    expect(outcomes.find((o) => o.check.id === "resolve.cursor_null")?.failures.length).toBeGreaterThan(0);
  });
});
