/**
 * How a batch of raw exchanges travels to the judge thread: one flat array of strings and numbers (no object
 * per exchange, no property names to clone) and one buffer holding every body of the batch, moved to the
 * judge thread rather than copied. A structured clone of 64 exchange objects, each with bodies of its own,
 * cost the forwarding thread several times more than this (bench/proxy-judge.ts measures both sides).
 */
import type { RawExchange } from "./raw-exchange.js";

/** One batch as posted: `fields` per exchange in the order of `encodeBatch`, bodies back to back in `bytes`. */
export interface WireBatch {
  fields: (string | number | undefined)[];
  bytes: Uint8Array;
}

const NO_BODY = -1;
type TargetError = NonNullable<RawExchange["targetError"]>;

/** Body bytes of a batch (request and response bodies). */
export function batchBytes(raws: readonly RawExchange[]): number {
  let total = 0;
  for (const r of raws) total += (r.body?.byteLength ?? 0) + (r.responseBody?.byteLength ?? 0);
  return total;
}

function pushList(out: WireBatch["fields"], list: readonly string[]): void {
  out.push(list.length);
  for (let i = 0; i < list.length; i++) out.push(list[i]);
}

/** Packs `raws` into one flat array and one exactly sized buffer of their own (transferable). */
export function encodeBatch(raws: readonly RawExchange[]): WireBatch {
  // Not Buffer.allocUnsafe: a pooled buffer is shared with others and cannot be moved to another thread.
  const bytes = new Uint8Array(batchBytes(raws));
  const fields: WireBatch["fields"] = [];
  let at = 0;
  const body = (b: Uint8Array | undefined): number => {
    if (b === undefined) return NO_BODY;
    bytes.set(b, at);
    at += b.byteLength;
    return b.byteLength;
  };
  for (const r of raws) {
    fields.push(r.n, r.method, r.url, r.startedAt, r.endedAt, r.status);
    pushList(fields, r.rawHeaders);
    pushList(fields, r.responseHeaders);
    fields.push(body(r.body), body(r.responseBody), r.cut, r.targetError?.code, r.targetError?.message);
  }
  return { fields, bytes };
}

/** The exchanges of a batch, bodies as views into the batch's buffer (no copies). */
export function decodeBatch({ fields: f, bytes }: WireBatch): RawExchange[] {
  const out: RawExchange[] = [];
  let at = 0;
  let i = 0;
  const list = (): string[] => {
    const n = f[i++] as number;
    const l = f.slice(i, i + n) as string[];
    i += n;
    return l;
  };
  const body = (length: number): Uint8Array | undefined => {
    if (length === NO_BODY) return undefined;
    at += length;
    return bytes.subarray(at - length, at);
  };
  while (i < f.length) {
    const raw: RawExchange = {
      n: f[i] as number,
      method: f[i + 1] as string,
      url: f[i + 2] as string,
      startedAt: f[i + 3] as number,
      endedAt: f[i + 4] as number,
      status: f[i + 5] as number,
      rawHeaders: [],
      responseHeaders: [],
    };
    i += 6;
    raw.rawHeaders = list();
    raw.responseHeaders = list();
    const requestBody = body(f[i] as number);
    if (requestBody !== undefined) raw.body = requestBody;
    const responseBody = body(f[i + 1] as number);
    if (responseBody !== undefined) raw.responseBody = responseBody;
    const cut = f[i + 2] as string | undefined;
    if (cut !== undefined) raw.cut = cut;
    const code = f[i + 3] as TargetError["code"] | undefined;
    if (code !== undefined) raw.targetError = { code, message: String(f[i + 4]) };
    i += 5;
    out.push(raw);
  }
  return out;
}
