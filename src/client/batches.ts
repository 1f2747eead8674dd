/**
 * Splitting ids into batch calls (contract, POST /entities/batch and Limits): 1 to 100 ids per call;
 * recommended at most 50 ids per call when all four extensions are requested.
 */
import { EXTENSION_NAMES, type ExtensionName } from "./types.js";

/** Contract maximum of ids per batch call. */
export const MAX_IDS_PER_CALL = 100;
/** Recommended maximum of ids per call with all four extensions. */
export const MAX_IDS_WITH_ALL_EXTENSIONS = 50;

/** Largest batch the contract allows (or recommends) for this extension list, capped by `preferred`. */
export function batchSizeFor(extend: readonly ExtensionName[] | undefined, preferred?: number): number {
  const hasAllFour = EXTENSION_NAMES.every((name) => extend?.includes(name));
  const limit = hasAllFour ? MAX_IDS_WITH_ALL_EXTENSIONS : MAX_IDS_PER_CALL;
  return Math.max(1, Math.min(limit, preferred ?? limit));
}

/** Splits ids into chunks of at most `size`, dropping repeats so no id is fetched twice (Limits, rule 5). */
export function splitIds(ids: readonly string[], size: number): string[][] {
  const unique = [...new Set(ids)];
  const chunks: string[][] = [];
  for (let start = 0; start < unique.length; start += size) chunks.push(unique.slice(start, start + size));
  return chunks;
}
