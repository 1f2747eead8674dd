/**
 * Serialises an envelope whose `data` is already JSON text (cached nodes) by hand, in contract field order:
 * the very text `JSON.stringify(envelope(parts))` gives with `data` spliced in, without building the object
 * and stringifying it again on every read (the hot path of entity reads; `envelope-text.test.ts` holds the
 * two to the same text).
 */
import { randomUUID } from "node:crypto";
import { takeBytes } from "./byte-slab.js";
import type { EnvelopeParts } from "./envelope.js";
import { writeUuid } from "./uuid-bytes.js";

/** A number as `JSON.stringify` writes it (`null` for NaN and the infinities). */
export function numberJson(n: number): string {
  return Number.isFinite(n) ? String(n) : "null";
}

/** The envelope's text up to and including `"data":` (fresh uuid). */
export function envelopeHead(asOf: string): string {
  return `{"contract":"cb/v1","request_id":"${randomUUID()}","as_of":${JSON.stringify(asOf)},"data":`;
}

/** The text after `data` up to and including `"balance":` (the balance and the warnings follow). */
export function envelopeMiddle(parts: Omit<EnvelopeParts, "asOf" | "data" | "balance" | "warnings">): string {
  const entities = parts.entities.length > 200 ? parts.entities.slice(0, 200) : parts.entities;
  const missing = parts.missing.length > 100 ? parts.missing.slice(0, 100) : parts.missing;
  return (
    `,"entities":${JSON.stringify(entities)},"evidence":[],"coverage":{"requested":${JSON.stringify(parts.requested)}` +
    `,"missing":${JSON.stringify(missing)},"reason":${parts.missing.length > 0 ? '"not_found"' : "null"}}` +
    `,"truncated":${parts.truncated},"cursor":${JSON.stringify(parts.cursor)},"next_hint":${JSON.stringify(parts.nextHint)}` +
    `,"cost":{"units":${numberJson(parts.units)},"unit_type":${JSON.stringify(parts.unitType)}` +
    `,"credits_charged":${numberJson(parts.creditsCharged)},"credits_reserved":0,"balance":`
  );
}

/** The text after `"balance":` to the end. */
export function envelopeEnd(balance: number, warnings: string[]): string {
  return `${numberJson(Math.max(0, balance))}},"warnings":${warnings.length === 0 ? "[]" : JSON.stringify(warnings)}}`;
}

/** The envelope as JSON text with `dataJson` spliced in as `data`. */
export function envelopeText(parts: Omit<EnvelopeParts, "data">, dataJson: string): string {
  return (
    envelopeHead(parts.asOf) + dataJson + envelopeMiddle(parts) + envelopeEnd(parts.balance, parts.warnings)
  );
}

const ID_START = Buffer.from('{"contract":"cb/v1","request_id":"');
const ID_LENGTH = 36;
/** The text between the uuid and the data for the `as_of` last asked for (nearly always the snapshot's). */
let afterId: { asOf: string | null; text: string } = { asOf: null, text: "" };

/**
 * A whole envelope as UTF-8 bytes around `middle` (the cached text from `data` to `"balance":`), the uuid
 * written in place: the bytes of `envelopeHead(asOf) + middle + end`, in one allocation.
 */
export function envelopeBytes(asOf: string, middle: Buffer, end: string): Buffer {
  if (afterId.asOf !== asOf) afterId = { asOf, text: `","as_of":${JSON.stringify(asOf)},"data":` };
  const after = Buffer.byteLength(afterId.text);
  const head = ID_START.length + ID_LENGTH + after;
  const out = takeBytes(head + middle.length + Buffer.byteLength(end));
  out.set(ID_START, 0);
  writeUuid(out, ID_START.length);
  out.write(afterId.text, ID_START.length + ID_LENGTH, "utf8");
  out.set(middle, head);
  out.write(end, head + middle.length, "utf8");
  return out;
}
