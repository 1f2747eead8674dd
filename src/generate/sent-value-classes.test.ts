import { describe, expect, it } from "vitest";
import { entityBatchPlan } from "./entity-batch-request.js";
import { entityGetPlan } from "./entity-get-request.js";
import { resolvePlan } from "./resolve-request.js";
import { SentTally, sentValueClasses } from "./sent-value-classes.js";

describe("sentValueClasses", () => {
  it("classes a query by its length in characters and the characters it holds", () => {
    const classes = sentValueClasses(resolvePlan({ query: "😀".repeat(300), limit: 50 }));
    expect(classes).toEqual([
      { parameter: "query", class: "length 300 (max)" },
      { parameter: "query", class: "characters: astral" },
      { parameter: "limit", class: "value 50 (max)" },
    ]);
  });

  it('names ["*"], null cursors, id shapes and out-of-bound lists', () => {
    const get = sentValueClasses(entityGetPlan("cb:person:a/b", { include: ["*"], cursor: null }));
    expect(get).toEqual(
      expect.arrayContaining([
        { parameter: "id", class: "shape: other node id" },
        { parameter: "id", class: "key characters: reserved" },
        { parameter: "include", class: '["*"]' },
        { parameter: "cursor", class: "null" },
      ]),
    );
    const batch = sentValueClasses(entityBatchPlan({ ids: [], extend: ["a", "b", "c", "d", "e"] }));
    expect(batch).toEqual(
      expect.arrayContaining([
        { parameter: "ids", class: "items 0 (below 1)" },
        { parameter: "extend", class: "items 5 (above 4)" },
      ]),
    );
  });

  it("counts classes over many requests", () => {
    const tally = new SentTally();
    tally.add(resolvePlan({ query: "a" }));
    tally.add(resolvePlan({ query: "b" }));
    expect(tally.rows()).toEqual([
      { operation: "resolve", parameter: "query", class: "characters: ascii", count: 2 },
      { operation: "resolve", parameter: "query", class: "length 1 (min)", count: 2 },
    ]);
  });
});
