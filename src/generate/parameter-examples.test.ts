import { describe, expect, it } from "vitest";
import { decodeRequest } from "./index.js";
import { parameterExamples } from "./parameter-examples.js";
import { sampleFixtures } from "./test-support/fixtures.js";

const OPTIONAL = {
  resolve: ["types", "limit"],
  "entity-get": ["dataset", "include", "extend", "as_of", "cursor"],
  "entity-batch": ["dataset", "include", "extend", "as_of", "cursor"],
} as const;
const REQUIRED = { resolve: ["query"], "entity-get": ["id"], "entity-batch": ["ids"] } as const;

function keysOf(request: Parameters<typeof decodeRequest>[0]): string[] {
  const decoded = decodeRequest(request);
  if (!("value" in decoded)) throw new Error("example does not decode");
  return Object.keys(decoded.value as object).sort();
}

describe("parameterExamples", () => {
  for (const op of ["resolve", "entity-get", "entity-batch"] as const) {
    it(`${op}: every optional parameter alone, and all of them together`, () => {
      const examples = parameterExamples(op, sampleFixtures(), { allowCredits: false }).map(keysOf);
      for (const p of OPTIONAL[op]) expect(examples).toContainEqual([...REQUIRED[op], p].sort());
      expect(examples).toContainEqual([...REQUIRED[op], ...OPTIONAL[op]].sort());
    });
  }

  it('includes ["*"] and named predicates, null and array cursors', () => {
    const values = parameterExamples("entity-get", sampleFixtures(), { allowCredits: false }).map(
      (r) => r.query ?? {},
    );
    expect(values.map((q) => q.include)).toEqual(expect.arrayContaining(['["*"]', '["HAS_ROLE"]']));
    expect(values.map((q) => q.cursor)).toEqual(expect.arrayContaining(["null", '["page",1]']));
  });

  it("adds an influencer read only when credits may be spent", () => {
    const isInfluencer = (q?: Record<string, string>) => q?.dataset === "influencer";
    const free = parameterExamples("entity-get", sampleFixtures(), { allowCredits: false });
    const paid = parameterExamples("entity-get", sampleFixtures(), { allowCredits: true });
    expect(free.some((r) => isInfluencer(r.query))).toBe(false);
    expect(paid.some((r) => isInfluencer(r.query))).toBe(true);
  });
});
