/** `limit` for GET /resolve: an integer 1 to 50 (Endpoints / GET /resolve). */
import fc from "fast-check";
import { BOUNDS } from "./bounds.js";

/** Integers within the documented `limit` range. */
export function resolveLimit(): fc.Arbitrary<number> {
  return fc.integer({ min: BOUNDS.limit.min, max: BOUNDS.limit.max });
}
