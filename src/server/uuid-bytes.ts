/**
 * Random (version 4) uuids written straight into a response buffer as 36 ASCII bytes: `request_id` of the
 * cached entity reads (Response envelope: "request_id | string, uuid"), without making a string per request
 * and encoding it again. The randomness is the same as `crypto.randomUUID`'s: bytes from `randomFillSync`,
 * drawn 256 uuids at a time.
 */
import { randomFillSync } from "node:crypto";

const HEX = Buffer.from("0123456789abcdef", "latin1");
const random = Buffer.allocUnsafe(16 * 256);
let next = random.length;

/** Writes a fresh uuid at `offset` of `out` (36 bytes: 8-4-4-4-12 lower-case hex digits). */
export function writeUuid(out: Uint8Array, offset: number): void {
  if (next === random.length) {
    randomFillSync(random);
    next = 0;
  }
  let at = offset;
  for (let i = 0; i < 16; i++) {
    let b = random[next + i];
    if (i === 6)
      b = (b & 0x0f) | 0x40; // version 4
    else if (i === 8) b = (b & 0x3f) | 0x80; // variant 10xx (RFC 9562)
    if (i === 4 || i === 6 || i === 8 || i === 10) out[at++] = 0x2d; // "-"
    out[at++] = HEX[b >> 4];
    out[at++] = HEX[b & 0x0f];
  }
  next += 16;
}
