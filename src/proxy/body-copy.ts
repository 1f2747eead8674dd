/** The judge's copy of a body on the forwarding path: the first bytes up to a cap, chunks kept as they pass. */

/** Capped copy of a body's chunks; `take()` returns one exact-size buffer (transferable, not pooled). */
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
  take(): Uint8Array {
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
