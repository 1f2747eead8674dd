/**
 * The random phase, held to the request schemas as Schemathesis's tests hold its values: every generated
 * request is valid — it keeps every stated rule and every preference — by the same decision the oracles use
 * (contract/request-class.ts); influencer reads only with credits; the documented extremes are reached.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyRequest } from "../contract/request-class.js";
import { partsOf } from "./encode-request.js";
import { GENERATED_OPERATIONS, validRequests } from "./index.js";
import { emptyFixtures, sampleFixtures } from "./test-support/fixtures.js";

const decoded = (r: Parameters<typeof partsOf>[0]) => {
  const parts = partsOf(r);
  return parts.body !== undefined ? JSON.parse(parts.body) : parts.query;
};

describe("validRequests", () => {
  for (const operation of ["resolve", "entity-get", "entity-batch"] as const) {
    for (const [label, fixtures] of [
      ["sample", sampleFixtures()],
      ["empty", emptyFixtures()],
    ] as const) {
      it(`${operation} requests (${label} fixtures) are valid by the request schemas`, () => {
        fc.assert(
          fc.property(validRequests(operation, fixtures, { allowCredits: true }), (request) => {
            expect(request.operation).toBe(operation);
            expect(classifyRequest(partsOf(request))).toMatchObject({ class: "valid", findings: [] });
          }),
          { numRuns: 150 },
        );
      });
    }
  }

  it("sends influencer reads only when credits may be spent, and then only for influencer ids", () => {
    const fixtures = sampleFixtures();
    for (const op of ["entity-get", "entity-batch"] as const) {
      const free = fc.sample(validRequests(op, fixtures, { allowCredits: false }), { numRuns: 300, seed: 1 });
      expect(free.some((r) => JSON.stringify(r).includes("influencer"))).toBe(false);
      const paid = fc.sample(validRequests(op, fixtures, { allowCredits: true }), { numRuns: 300, seed: 1 });
      const influencer = paid.filter((r) => decoded(r)?.dataset === "influencer");
      expect(influencer.length).toBeGreaterThan(0);
      for (const r of influencer) {
        const ids: string[] = decoded(r).ids ?? [decodeURIComponent(r.path.slice("/entities/".length))];
        for (const id of ids) expect(fixtures.influencer_ids).toContain(id);
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

  it('reaches the documented extremes (100 ids, 300-character queries, 4 extensions, ["*"])', () => {
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
    expect(Math.max(...queries.map((r) => [...(r.query?.query ?? "")].length))).toBe(300);
    const gets = fc.sample(validRequests("entity-get", fixtures, { allowCredits: false }), {
      numRuns: 400,
      seed: 7,
    });
    expect(gets.some((r) => r.query?.extend && JSON.parse(r.query.extend).length === 4)).toBe(true);
    expect(gets.some((r) => r.query?.include === '["*"]')).toBe(true);
    // Every form the format allows: lower-case t and z, fractions of many digits, numeric offsets.
    const asOf = gets.map((r) => r.query?.as_of).filter((v): v is string => v !== undefined);
    expect(asOf.some((v) => /t/.test(v) && /z$/.test(v))).toBe(true);
    expect(asOf.some((v) => /\.\d{7,}/.test(v))).toBe(true);
    expect(asOf.some((v) => /[+-]\d\d:\d\d$/.test(v))).toBe(true);
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
