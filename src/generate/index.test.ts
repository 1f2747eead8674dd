import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateAs } from "../contract/registry.js";
import { decodeRequest, GENERATED_OPERATIONS, validRequests } from "./index.js";
import { emptyFixtures, sampleFixtures } from "./test-support/fixtures.js";

function schemaViolations(request: Parameters<typeof decodeRequest>[0]): unknown[] {
  const decoded = decodeRequest(request);
  if (decoded.schema === null) return [];
  if ("error" in decoded) return [decoded.error];
  return validateAs(decoded.schema, decoded.value);
}

describe("validRequests", () => {
  for (const operation of ["resolve", "entity-get", "entity-batch"] as const) {
    for (const [label, fixtures] of [
      ["sample", sampleFixtures()],
      ["empty", emptyFixtures()],
    ] as const) {
      it(`${operation} requests (${label} fixtures) validate against their request schema after decoding`, () => {
        fc.assert(
          fc.property(validRequests(operation, fixtures, { allowCredits: true }), (request) => {
            expect(request.operation).toBe(operation);
            expect(schemaViolations(request)).toEqual([]);
          }),
          { numRuns: 150 },
        );
      });
    }
  }

  it("sends influencer reads only when credits may be spent, and then only for influencer ids", () => {
    const fixtures = sampleFixtures();
    const datasetOf = (r: ReturnType<typeof decodeRequest>) =>
      "value" in r ? (r.value as { dataset?: string }).dataset : undefined;
    for (const op of ["entity-get", "entity-batch"] as const) {
      const free = fc.sample(validRequests(op, fixtures, { allowCredits: false }), { numRuns: 300, seed: 1 });
      expect(free.some((r) => datasetOf(decodeRequest(r)) === "influencer")).toBe(false);
      const paid = fc.sample(validRequests(op, fixtures, { allowCredits: true }), { numRuns: 300, seed: 1 });
      const influencer = paid.map(decodeRequest).filter((d) => datasetOf(d) === "influencer");
      expect(influencer.length).toBeGreaterThan(0);
      for (const d of influencer) {
        const value = (d as { value: { id?: string; ids?: string[] } }).value;
        for (const id of value.ids ?? [value.id]) expect(fixtures.influencer_ids).toContain(id);
      }
    }
  });

  it("percent-encodes the id into the entity-get path", () => {
    const paths = fc.sample(validRequests("entity-get", sampleFixtures(), { allowCredits: false }), {
      numRuns: 50,
      seed: 3,
    });
    for (const r of paths) expect(r.path).toMatch(/^\/entities\/[^/:]+$/);
  });

  it("reaches the documented extremes (100 ids, 300-character queries, 4 extensions)", () => {
    const fixtures = sampleFixtures();
    const batches = fc.sample(validRequests("entity-batch", fixtures, { allowCredits: false }), {
      numRuns: 400,
      seed: 7,
    });
    const sizes = batches.map((r) => (r.body as { json: { ids: string[] } }).json.ids.length);
    expect(Math.max(...sizes)).toBeGreaterThan(60);
    const queries = fc.sample(validRequests("resolve", emptyFixtures(), { allowCredits: false }), {
      numRuns: 400,
      seed: 7,
    });
    expect(Math.max(...queries.map((r) => r.query?.query?.length ?? 0))).toBeGreaterThan(150);
    const gets = fc.sample(validRequests("entity-get", fixtures, { allowCredits: false }), {
      numRuns: 400,
      seed: 7,
    });
    expect(gets.some((r) => r.query?.extend && JSON.parse(r.query.extend).length === 4)).toBe(true);
    expect(gets.some((r) => r.query?.include === '["*"]')).toBe(true);
  });

  it("builds the bare GET /me and GET /capabilities requests", () => {
    const opts = { allowCredits: false };
    expect(fc.sample(validRequests("me", emptyFixtures(), opts), 1)[0]).toEqual({
      operation: "me",
      method: "GET",
      path: "/me",
    });
    expect(fc.sample(validRequests("capabilities", emptyFixtures(), opts), 1)[0].path).toBe("/capabilities");
    expect(GENERATED_OPERATIONS).toHaveLength(5);
  });
});
