/**
 * The requests of one property round of the `schema` suite, in the order the sequential property would see
 * them (`fc.sample` with the round's seed and run count walks the same random stream as `fc.check`;
 * schema-concurrent.test.ts holds it to that). The plan samples them to count credits and the run sends
 * them: a small cache keeps the sample of the plan for the run, so that each request is generated once.
 */
import fc from "fast-check";
import { Lru } from "../../lru.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";

/** Samples kept (operations × plans of one run): older ones are dropped first. */
const samples = new Lru<string, PlannedRequest[]>(12);

/**
 * The first `numRuns` values of `arb`'s stream for `seed`. With `key` (what built the arbitrary: operation,
 * options, fixtures) a longer sample of the same stream taken earlier is reused: a shorter sample of one
 * seed is a prefix of a longer one, since each value is drawn from its own split of the seed's generator.
 */
export function sampleRequests(
  arb: fc.Arbitrary<PlannedRequest>,
  seed: number,
  numRuns: number,
  key?: string,
): PlannedRequest[] {
  if (numRuns <= 0) return [];
  if (key === undefined) return fc.sample(arb, { seed, numRuns });
  const cacheKey = `${seed}\u0000${key}`;
  const cached = samples.peek(cacheKey);
  if (cached && cached.length >= numRuns) return cached.slice(0, numRuns);
  const fresh = fc.sample(arb, { seed, numRuns });
  samples.set(cacheKey, fresh);
  return fresh;
}

/** The requests of one property round: the seed's stream (the coverage phase went before it). */
export function roundRequests(
  arb: fc.Arbitrary<PlannedRequest>,
  seed: number,
  numRuns: number,
  key?: string,
): PlannedRequest[] {
  return sampleRequests(arb, seed, numRuns, key);
}
