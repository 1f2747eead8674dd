/**
 * Facts the rules read from the server's trace: which ids a call asked for, what it served, how calls relate
 * in time. Pure functions over `TraceEntry`.
 */
import { parseBoundedJson } from "../bounded-json.js";
import type { TraceEntry } from "../server/types.js";

/** Served envelope fields the rules read. */
export interface ServedEntities {
  entities: Array<{ id: string; payload?: Record<string, unknown> }>;
  extensions: Record<string, Record<string, unknown> | undefined>;
  missing: string[];
}

/** `call 3 (POST /v1/entities/batch)`. */
export function callLabel(entry: TraceEntry): string {
  return `call ${entry.n} (${entry.method} ${entry.url.split("?")[0]})`;
}

/** True for GET /me and GET /capabilities: account calls that read no records and "work on every plan". */
export function isAccountCall(entry: TraceEntry): boolean {
  return entry.operation === "me" || entry.operation === "capabilities";
}

/** Seconds from `fromMs` to `toMs`, two decimals. */
export function seconds(fromMs: number, toMs: number): string {
  return ((toMs - fromMs) / 1000).toFixed(2);
}

/**
 * Parses JSON text, or undefined — also for a text too deep or too large to walk (`parseBoundedJson`): a
 * client's body nested 200,000 deep is no body of the contract, and must not overflow the judges' walks.
 */
export function parseJson(text: string): unknown {
  return parseBoundedJson(text);
}

/** The request body of an entity-batch call as an object, or undefined when it is not a JSON object. */
export function batchBody(entry: TraceEntry): Record<string, unknown> | undefined {
  if (entry.operation !== "entity-batch") return undefined;
  const value = parseJson(entry.body);
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Ids a call asked for: the batch body's `ids`, or the path id of GET /entities/{id}. */
export function idsAskedBy(entry: TraceEntry): string[] {
  if (entry.operation === "entity-batch") {
    const ids = batchBody(entry)?.ids;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  }
  if (entry.operation === "entity-get") {
    const match = /\/entities\/([^/?]+)/.exec(entry.url);
    return match ? [safeDecode(match[1])] : [];
  }
  return [];
}

/**
 * Each entry's served envelope, parsed once: three rules collect what a scenario served, and parsing every
 * answer of every trace three times was a tenth of the certifier's CPU. The entries are recorded, never changed.
 */
const servedCache = new WeakMap<TraceEntry, ServedEntities | undefined>();

/** What a 200 answer to an entity read served; undefined for other calls. Read it, do not change it. */
export function servedBy(entry: TraceEntry): ServedEntities | undefined {
  if (entry.status !== 200 || (entry.operation !== "entity-batch" && entry.operation !== "entity-get")) {
    return undefined;
  }
  if (servedCache.has(entry)) return servedCache.get(entry);
  const served = parseServed(entry);
  servedCache.set(entry, served);
  return served;
}

function parseServed(entry: TraceEntry): ServedEntities {
  const body = parseJson(entry.responseBody) as
    | { data?: { entities?: unknown; extensions?: unknown }; coverage?: { missing?: unknown } }
    | undefined;
  const entities = Array.isArray(body?.data?.entities)
    ? (body.data.entities as ServedEntities["entities"])
    : [];
  const extensions = (body?.data?.extensions ?? {}) as ServedEntities["extensions"];
  const missing = Array.isArray(body?.coverage?.missing) ? (body.coverage.missing as string[]) : [];
  return { entities, extensions, missing };
}

/** `error.code` of an error answer, or `?`. */
export function errorCodeOf(entry: TraceEntry): string {
  const body = parseJson(entry.responseBody) as { error?: { code?: unknown } } | undefined;
  return typeof body?.error?.code === "string" ? body.error.code : "?";
}

/**
 * True when two calls are the same request: method, URL and the same body as the server reads it — JSON key
 * order, the order of `ids`, `include` and `extend` (sets of names; the answer is keyed by id) and properties
 * given at their contract default (`dataset: "basic"`, `include: []`, `extend: []`, `cursor: null`) make no
 * difference. So a 503 retried with reordered ids is the same request, and a 400 resent so is unchanged.
 */
export function sameRequest(a: TraceEntry, b: TraceEntry): boolean {
  return a.method === b.method && a.url === b.url && requestKey(a) === requestKey(b);
}

/** Defaults of the batch body (POST /entities/batch, request body table). */
const BATCH_DEFAULTS: Record<string, unknown> = { dataset: "basic", include: [], extend: [], cursor: null };

function requestKey(entry: TraceEntry): string {
  const body = batchBody(entry);
  if (!body) return canonicalBody(entry.body);
  const read: Record<string, unknown> = { ...BATCH_DEFAULTS, ...body };
  for (const name of ["ids", "include", "extend"]) {
    const list = read[name];
    if (Array.isArray(list) && list.every((item) => typeof item === "string")) read[name] = [...list].sort();
  }
  for (const [name, value] of Object.entries(BATCH_DEFAULTS)) {
    if (jsonEqual(read[name], value)) delete read[name];
  }
  return JSON.stringify(sortKeys(read));
}

/** Calls that started after `entry`'s response had been sent (calls in flight before do not count). */
export function callsAfter(trace: readonly TraceEntry[], entry: TraceEntry): TraceEntry[] {
  return trace.filter((other) => other.startedAt > entry.endedAt);
}

/**
 * How soon after an answer a call of a client that sends in parallel may still have been sent before that
 * answer reached it (its connection was slower); only then, and never for the same request again.
 */
export const IN_FLIGHT_GRACE_MS = 100;

/**
 * Calls made after the client had `entry`'s answer. A call is given the benefit of the doubt (`excused`: taken
 * as already in flight) only when it is another request and it arrived within IN_FLIGHT_GRACE_MS of the answer
 * or while a call that had started before the answer was still open — the shape of a parallel burst whose
 * members reach the server late. One level only: a client that keeps sending after that is caught.
 */
export function callsAfterAnswer(
  trace: readonly TraceEntry[],
  entry: TraceEntry,
): { after: TraceEntry[]; excused: TraceEntry[] } {
  const later = callsAfter(trace, entry).sort((a, b) => a.startedAt - b.startedAt);
  // Calls begun before the answer; those still open after it are the burst a late arrival may belong to.
  const openAtAnswer = trace.filter((other) => other !== entry && other.startedAt <= entry.endedAt);
  if (!sendsInParallel(trace)) return { after: later, excused: [] };
  const isExcused = (other: TraceEntry) =>
    !sameRequest(entry, other) &&
    (other.startedAt - entry.endedAt < IN_FLIGHT_GRACE_MS ||
      openAtAnswer.some((d) => other.startedAt < d.endedAt));
  return { after: later.filter((o) => !isExcused(o)), excused: later.filter(isExcused) };
}

/** True when any two calls of the trace were open at the same time. */
export function sendsInParallel(trace: readonly TraceEntry[]): boolean {
  const sorted = [...trace].sort((a, b) => a.startedAt - b.startedAt);
  let end = Number.NEGATIVE_INFINITY;
  for (const entry of sorted) {
    if (entry.startedAt < end) return true;
    end = Math.max(end, entry.endedAt);
  }
  return false;
}

/** Evidence line for calls taken as already in flight. */
export function excusedLine(excused: readonly TraceEntry[], entry: TraceEntry): string[] {
  if (excused.length === 0) return [];
  const calls = excused.map((e) => e.n).join(", ");
  return [
    `call(s) ${calls} of a client sending in parallel arrived right after the answer to call ${entry.n} (within ${IN_FLIGHT_GRACE_MS} ms, or while an earlier call was still open): taken as already in flight`,
  ];
}

/** JSON text with sorted keys, so key order does not make a request "changed"; raw text when not JSON. */
export function canonicalBody(text: string): string {
  const value = parseJson(text);
  return value === undefined ? text : JSON.stringify(sortKeys(value));
}

/**
 * Deep equality of JSON values, whatever the order of object keys: what comparing their sorted-key
 * `JSON.stringify` texts says (a property set to undefined counts as absent), walked without building those
 * texts — the output rule compares every delivered node, and the copies cost more than the comparison.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const rightCount = Object.keys(right).filter((key) => right[key] !== undefined).length;
  return (
    keys.length === rightCount &&
    keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]))
  );
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
  return out;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
