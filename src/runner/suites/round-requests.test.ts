/**
 * The plan and the run share sampled requests: a shorter sample of a seed must be a prefix of a longer one
 * (so the run's sample is the start of the plan's), and a cached sample must equal a
 * fresh one.
 */
import { describe, expect, it } from "vitest";
import { GENERATED_OPERATIONS, validRequests } from "../../generate/index.js";
import { startServer } from "../../server/index.js";
import { normaliseFixtures } from "../../vocabulary/target-fixtures.js";
import { sampleRequests } from "./round-requests.js";

describe("sampleRequests", () => {
  it("gives a prefix of a longer sample of the same seed, cached or not", async () => {
    const server = await startServer({});
    try {
      const fixtures = normaliseFixtures(server.fixtures);
      for (const op of GENERATED_OPERATIONS) {
        const arb = validRequests(op, fixtures, { allowCredits: true });
        const long = sampleRequests(arb, 99, 40);
        expect(sampleRequests(arb, 99, 13), op).toEqual(long.slice(0, 13));
        const key = `test-${op}`;
        expect(sampleRequests(arb, 99, 40, key), op).toEqual(long);
        // A later, shorter request of the same key is served from the cache, equal to a fresh sample.
        expect(sampleRequests(arb, 99, 25, key), op).toEqual(long.slice(0, 25));
      }
      // The seed is part of the cache key.
      const arb = validRequests("resolve", fixtures, { allowCredits: true });
      const long = sampleRequests(arb, 99, 10, "test-seeds");
      expect(sampleRequests(arb, 98, 5, "test-seeds")).not.toEqual(long.slice(0, 5));
      expect(sampleRequests(arb, 98, 5, "test-seeds")).toEqual(sampleRequests(arb, 98, 5));
    } finally {
      await server.close();
    }
  });
});
