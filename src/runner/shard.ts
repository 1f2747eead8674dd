/**
 * `--shard I/N`: a deterministic split of the work so CI machines can share a run. A case belongs to
 * shard I when the FNV-1a hash of its key, modulo N, is I-1: the same key lands on the same shard on
 * every machine, whatever the order of work.
 */

/** One shard of a run, 1-based like `--shard 1/3`. */
export interface Shard {
  index: number;
  count: number;
}

/** 32-bit FNV-1a of a string. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Whether the case with this key belongs to the shard. */
export function isInShard(caseKey: string, shard: Shard): boolean {
  if (shard.count <= 1) return true;
  return fnv1a(caseKey) % shard.count === shard.index - 1;
}
