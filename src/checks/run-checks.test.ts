/**
 * judgeExchange decides applicability once and finds what runChecks finds: on every catalogue example (passing
 * and failing), the same failures in the same order, and exactly the checks whose appliesTo holds.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue.js";
import { nodeIdMatchesType } from "./node-id-matches-type.js";
import { judgeExchange, MAX_FAILURES_PER_CHECK, runChecks } from "./run-checks.js";
import { EXAMPLES } from "./test-support/examples/index.js";
import { mutate } from "./test-support/exchanges.js";

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

describe("failures per check", () => {
  it("keeps at most MAX_FAILURES_PER_CHECK of one check on one exchange (20,000 wrong nodes are one broken rule)", () => {
    const exchange = mutate(EXAMPLES["node.id_matches_type"].fail, (j) => {
      j.data = Array.from({ length: 20_000 }, () => j.data[0]);
    });
    expect(nodeIdMatchesType.run(exchange)).toHaveLength(20_000);
    expect(judgeExchange(exchange, ["node.id_matches_type"]).failures).toHaveLength(MAX_FAILURES_PER_CHECK);
  });
});
