/** The judge's copy of a body on the forwarding path: the first bytes up to a cap, chunks kept as they pass. */

/** Capped copy of a body's chunks; `take()` returns them as one view. */
export class BodyCopy {
  chunks: Uint8Array[] = [];
  kept = 0;
  isCut = false;
  constructor(readonly cap: number) {}
  add(chunk: Uint8Array): void {
    if (this.kept >= this.cap) {
      this.isCut ||= chunk.length > 0;
      return;
    }
    const part = chunk.length <= this.cap - this.kept ? chunk : chunk.subarray(0, this.cap - this.kept);
    this.isCut ||= part.length < chunk.length;
    this.chunks.push(part);
    this.kept += part.length;
  }
  /**
   * The kept bytes: a one-chunk body (most are) as that chunk itself, no copy (a chunk is the socket read's
   * own buffer, never reused), more chunks joined. They are copied once, into the judge thread's batch.
   */
  take(): Uint8Array {
    if (this.chunks.length === 1) {
      const [only] = this.chunks;
      this.chunks = [];
      return only;
    }
    const out = new Uint8Array(this.kept);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    this.chunks = [];
    return out;
  }
}
