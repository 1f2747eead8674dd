import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entityBatchPlan } from "./entity-batch-request.js";
import { entityGetPlan } from "./entity-get-request.js";
import { resolvePlan } from "./resolve-request.js";
import { SentTally, sentValueClasses } from "./sent-value-classes.js";
import { characterClassesOf } from "./text-units.js";

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

describe("id classes", () => {
  /** The regular-expression definitions the hand-written id parsing must agree with. */
  function referenceShape(id: string): { shape: string; key: string } {
    const key = /^cb:[a-z_]+:(.+)$/su.exec(id)?.[1] ?? id;
    if (/^cb:org:\d{9}$/.test(id)) return { shape: "shape: organisation id", key };
    if (/^cb:[a-z_]+:.+$/su.test(id)) return { shape: "shape: other node id", key };
    return { shape: "shape: not a node id", key };
  }

  it("places every id, odd ones included, as the regular expressions do (cached or not)", () => {
    const id = fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc
        .tuple(
          fc.constantFrom("cb:", "cb", "xb:", ""),
          fc.stringMatching(/^[a-z_:A-Z0-9]{0,6}$/),
          fc.string(),
        )
        .map(([a, b, c]) => a + b + c),
      fc.constantFrom("cb:org:123456789", "cb:org:12345678", "cb::x", "cb:a:", "cb:a:\n", "cb:a:\ud83d"),
    );
    fc.assert(
      fc.property(id, (value) => {
        for (let pass = 0; pass < 2; pass++) {
          const classes = sentValueClasses(entityBatchPlan({ ids: [value] }))
            .filter((c) => c.parameter === "ids" && c.class.startsWith("each: "))
            .map((c) => c.class.slice("each: ".length));
          const { shape, key } = referenceShape(value);
          expect(classes[0]).toBe(shape);
          const keyClasses = classes.filter((c) => c.startsWith("key characters: "));
          const plain = [...characterClassesOf(key)].sort().map((c) => `key characters: ${c}`);
          expect(keyClasses).toEqual(plain);
        }
      }),
    );
  });
});
