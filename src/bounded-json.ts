/**
 * Walks of parsed JSON that a hostile body cannot turn into a crash: no recursion (a 100,000-deep array
 * overflows the stack of `JSON.stringify`, `String(array)` and every recursive walk) and work bounded by
 * what the caller asks for, not by the size of the value.
 */

/** What is still to be written: a value, or literal text (a separator or a closing bracket). */
type Step = { value: unknown; key?: string } | { text: string };

/**
 * The JSON text of `value`, cut after `max` characters (the cut marked by `…`). Iterative, and it stops as
 * soon as `max` characters are written, so any depth or size costs at most about `max` steps. Matches
 * `JSON.stringify` on what fits (objects skip undefined members, arrays write them as null).
 */
export function renderJson(value: unknown, max = 120): string {
  if (value === undefined) return "(absent)";
  let out = "";
  const stack: Step[] = [{ value }];
  while (stack.length > 0 && out.length <= max) {
    const step = stack.pop()!;
    if ("text" in step) {
      out += step.text;
      continue;
    }
    if (step.key !== undefined) out += `${JSON.stringify(step.key)}:`;
    out += openOrScalar(step.value, stack, max - out.length);
  }
  return out.length > max || stack.length > 0 ? `${out.slice(0, max - 1)}…` : out;
}

/** Writes a scalar whole (a long string cut first), or opens a container and pushes its members. */
function openOrScalar(v: unknown, stack: Step[], room: number): string {
  if (typeof v === "string") return JSON.stringify(v.length > room ? v.slice(0, room + 1) : v);
  if (typeof v !== "object" || v === null) return scalarText(v);
  // Members are pushed in reverse (the stack pops the last first), at most `room` of them: each writes
  // at least one character, so members beyond the room could never be shown.
  if (Array.isArray(v)) {
    const n = Math.min(v.length, room);
    stack.push({ text: v.length > n ? ",…]" : "]" });
    for (let i = n - 1; i >= 0; i--) {
      stack.push({ value: v[i] === undefined ? null : v[i] });
      if (i > 0) stack.push({ text: "," });
    }
    return "[";
  }
  const keys: string[] = [];
  for (const k in v) {
    if (!Object.hasOwn(v, k) || (v as Record<string, unknown>)[k] === undefined) continue;
    keys.push(k);
    if (keys.length > room) break;
  }
  stack.push({ text: "}" });
  for (let i = keys.length - 1; i >= 0; i--) {
    stack.push({ value: (v as Record<string, unknown>)[keys[i]], key: keys[i] });
    if (i > 0) stack.push({ text: "," });
  }
  return "{";
}

function scalarText(v: unknown): string {
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "null";
  if (typeof v === "boolean" || v === null) return String(v);
  if (typeof v === "bigint") return v.toString();
  return "null";
}

/** Where a value nests deeper than a limit: the JSON pointer of the first container past it. */
export interface DepthExcess {
  /** JSON pointer of a container that sits `limit + 1` levels deep. */
  pointer: string;
}

/**
 * The first place where `value` nests deeper than `limit` containers (a scalar is depth 0, `[]` depth 1,
 * `[[1]]` depth 2), or undefined when it does not. The walk recurses, but never more than `limit + 1` calls
 * deep whatever the body (it stops at the first container past the limit), so `limit` must stay small (the
 * callers use 64); each value is visited at most once. It runs on every large response: no allocation on
 * the way down.
 */
export function findDepthExcess(value: unknown, limit: number): DepthExcess | undefined {
  if (!isContainer(value)) return undefined;
  const path = excessPath(value, limit)?.reverse();
  return path && { pointer: path.map((t) => `/${escapeToken(String(t))}`).join("") };
}

/** The path (innermost first) to the first container of `v` more than `room` levels down, if any. */
function excessPath(v: object, room: number): (string | number)[] | undefined {
  if (room === 0) return [];
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const child: unknown = v[i];
      if (!isContainer(child)) continue;
      const path = excessPath(child, room - 1);
      if (path) return [...path, i];
    }
    return undefined;
  }
  for (const k in v) {
    const child = (v as Record<string, unknown>)[k];
    if (!isContainer(child)) continue;
    const path = excessPath(child, room - 1);
    if (path) return [...path, k];
  }
  return undefined;
}

function isContainer(v: unknown): v is object {
  return typeof v === "object" && v !== null;
}

function escapeToken(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * Deepest nesting judged. The contract's deepest named field sits 7 containers down (envelope, `data`,
 * `entities`, a node, its `payload`, `active_actor_bindings`, a binding); this leaves ample room above it.
 */
export const MAX_NESTING = 64;

/**
 * Most arrays and objects a body may hold to be parsed and judged: a maximum-size entity read holds about
 * 10,000, so this is far above any response of the contract, and it keeps a parsed body within tens of MiB
 * (a 14 MiB body of `{}` items holds 4.9 million and parses into more than 500 MiB).
 */
export const MAX_CONTAINERS = 250_000;

/**
 * Most object members (name–value pairs, all objects together) a body may hold to be parsed and judged. A
 * maximum-size entity read (100 full organisations, 50 edges, all four extensions) holds about 150,000.
 * `JSON.parse` builds a large object's members in one hash table it cannot be stopped in: about 1.5 million
 * members need more than the judging worker's 128 MiB heap, and V8 then aborts the whole process instead of
 * ending the worker (a 16 MiB body of 1.9 million keys did). Bodies past this bound are counted, never parsed.
 */
export const MAX_MEMBERS = 500_000;

/** How many arrays and objects a JSON text opens and how many object members (name–value pairs) it holds. */
export interface StructureCount {
  containers: number;
  members: number;
}

/**
 * What the JSON text `text` holds, counting no further than just past either limit (brackets and colons
 * inside strings do not count). A text too short to pass either limit (a container takes two characters,
 * a member at least five: `"":0,`) is not scanned: its count is then zero, a bound rather than exact, and
 * only a result past a limit matters.
 */
export function countStructure(
  text: string,
  limits: StructureCount = { containers: MAX_CONTAINERS, members: MAX_MEMBERS },
): StructureCount {
  const count = { containers: 0, members: 0 };
  if (text.length < Math.min(2 * limits.containers, 5 * limits.members)) return count;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string is skipped to its closing quote with indexOf (native), not character by character: half the
      // time of a scan of a large body, most of which is strings.
      i = closingQuote(text, i);
      if (i === -1) return count;
    } else if (c === 0x7b || c === 0x5b) {
      if (++count.containers > limits.containers) return count;
    } else if (c === 0x3a && ++count.members > limits.members) return count;
  }
  return count;
}

/** Where the string opened at `open` ends: the next quote after an even run of backslashes, or -1. */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}

/** The count of `text` when it is past the bounds judged (`MAX_CONTAINERS`, `MAX_MEMBERS`), else undefined. */
export function pastStructureBounds(text: string): StructureCount | undefined {
  const count = countStructure(text);
  return count.containers > MAX_CONTAINERS || count.members > MAX_MEMBERS ? count : undefined;
}

/** Why a text past the bounds was not parsed, in words (a body's `bodyError`). */
export function unparsedReason(count: StructureCount): string {
  return count.containers > MAX_CONTAINERS
    ? `body not parsed: it opens more than ${MAX_CONTAINERS} arrays and objects`
    : `body not parsed: it holds more than ${MAX_MEMBERS} object members`;
}

/**
 * Whether the JSON text `text` could nest more than `limit` containers deep: false when it opens at most
 * `limit` arrays and objects in all (depth never exceeds that count). A cheap test (a few `indexOf` calls
 * on an everyday body) that spares the walk of `findDepthExcess` on almost every response.
 */
export function mayNestDeeperThan(text: string, limit: number): boolean {
  let count = 0;
  for (const bracket of ["{", "["]) {
    for (let i = text.indexOf(bracket); i !== -1; i = text.indexOf(bracket, i + 1))
      if (++count > limit) return true;
  }
  return false;
}

/**
 * The value of the JSON text `text`, or undefined when it is not JSON or is past what a judge walks safely: past
 * the structure bounds (`MAX_CONTAINERS`, `MAX_MEMBERS`), or nested deeper than `MAX_NESTING` (`JSON.parse` accepts any depth,
 * but the recursive walks of the judges — key sorting, deep equality — would overflow the stack on it).
 */
export function parseBoundedJson(text: string): unknown {
  if (pastStructureBounds(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (mayNestDeeperThan(text, MAX_NESTING) && findDepthExcess(value, MAX_NESTING)) return undefined;
  return value;
}
