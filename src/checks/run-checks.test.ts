/**
 * judgeExchange decides applicability once and finds what runChecks finds: on every catalogue example (passing
 * and failing), the same failures in the same order, and exactly the checks whose appliesTo holds.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue.js";
import { judgeExchange, runChecks } from "./run-checks.js";
import { EXAMPLES } from "./test-support/examples/index.js";

describe("judgeExchange", () => {
  const exchanges = Object.values(EXAMPLES).flatMap((e) => [e.pass, e.fail]);

  it("finds the failures runChecks finds, in the same order, and lists exactly the applicable checks", () => {
    expect(exchanges.length).toBeGreaterThan(20);
    let failing = 0;
    for (const exchange of exchanges) {
      const judgement = judgeExchange(exchange);
      expect(judgement.failures).toEqual(runChecks(exchange));
      expect(judgement.applicable).toEqual(
        CATALOGUE.filter((c) => exchange.response && c.appliesTo(exchange)).map((c) => c.id),
      );
      if (judgement.failures.length > 0) failing++;
    }
    expect(failing).toBeGreaterThan(10);
  });

  it("keeps to the selected checks, in the order asked", () => {
    const exchange = EXAMPLES["resolve.cursor_null"].fail;
    const ids = ["resolve.cursor_null", "response.schema"];
    const judgement = judgeExchange(exchange, ids);
    expect(judgement.applicable).toEqual(ids.filter((id) => judgement.applicable.includes(id)));
    expect(judgement.failures).toEqual(runChecks(exchange, ids));
    expect(judgement.failures.some((f) => f.checkId === "resolve.cursor_null")).toBe(true);
  });
});
