/**
 * Buffers for response bodies carved from 64 KiB slabs. Node's own pool holds 8 KiB, so 2 KiB replies made
 * a new pool every few requests (the hot path of cached reads). A slab is freed by the GC once no reply
 * holds a piece of it any more.
 */
const SLAB_BYTES = 64 * 1024;
/** Larger requests get their own allocation, so one slab serves many replies. */
const LARGEST_PIECE = SLAB_BYTES / 8;

let slab = Buffer.allocUnsafeSlow(0);
let used = 0;

/** An uninitialised buffer of `size` bytes: the caller writes every byte before sending it. */
export function takeBytes(size: number): Buffer {
  if (size > LARGEST_PIECE) return Buffer.allocUnsafeSlow(size);
  if (used + size > slab.length) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    used = 0;
  }
  const piece = slab.subarray(used, used + size);
  used += (size + 7) & ~7;
  return piece;
}
