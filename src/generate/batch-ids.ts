/**
 * `ids` for POST /entities/batch: 1 to 100 distinct ids, each 3 to 300 characters, from the fixtures and
 * unknown ids of every allowed shape (which land in `coverage.missing` with 200, Errors).
 */
import fc from "fast-check";
import { BOUNDS } from "./bounds.js";
import { missingOrgId } from "./missing-org-id.js";
import { unknownNodeId } from "./unknown-id.js";

/** Distinct ids drawn from `pool` (and generated missing org ids when `withMissing`). */
export function batchIds(pool: readonly string[], withMissing = true): fc.Arbitrary<string[]> {
  const { min, max } = BOUNDS.batchIds;
  const sources: fc.Arbitrary<string>[] = [];
  if (pool.length > 0) sources.push(fc.constantFrom(...pool));
  if (withMissing || pool.length === 0) sources.push(missingOrgId(), unknownNodeId());
  // Distinct by construction: uniqueArray dedupes as it builds. A small pool without generated ids caps the size.
  // size "max": the whole documented range is explored, not fast-check's default small arrays.
  const maxLength = withMissing || pool.length === 0 ? max : Math.min(max, pool.length);
  return fc.uniqueArray(fc.oneof(...sources), { minLength: min, maxLength, size: "max" });
}
