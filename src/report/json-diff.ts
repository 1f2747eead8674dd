/**
 * Structural JSON diff by JSON pointer (used to compare `{base_url}` with `{alt_base_url}`, Versioning:
 * "The same API is also served at {alt_base_url}"). Ignore patterns are pointers where `*` matches one segment.
 */
import { renderJson } from "../bounded-json.js";

/** One difference between `a` and `b`. `type` means both exist with different JSON types. */
export interface DiffEntry {
  pointer: string;
  kind: "added" | "removed" | "changed" | "type";
  a?: unknown;
  b?: unknown;
}

type JsonKind = "null" | "array" | "object" | "string" | "number" | "boolean" | "other";

function kindOf(v: unknown): JsonKind {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  const t = typeof v;
  return t === "object" || t === "string" || t === "number" || t === "boolean" ? t : "other";
}

/** Escapes one pointer segment (RFC 6901). */
function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function splitPointer(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/");
}

/** Whether a place (its depth and first segments) is matched by a pattern or lies below one. */
function isIgnored(place: Place, patterns: readonly string[][]): boolean {
  return patterns.some(
    (p) => p.length <= place.depth && p.every((seg, i) => seg === "*" || seg === place.head[i]),
  );
}

/**
 * A place in the walk: its pointer (built by concatenation, cheap at any depth), its depth, and only as many
 * leading segments as the longest ignore pattern needs, so no step copies a path as long as the value is deep.
 */
interface Place {
  pointer: string;
  depth: number;
  head: string[];
}

function childOf(place: Place, segment: string, keep: number): Place {
  return {
    pointer: `${place.pointer}/${segment}`,
    depth: place.depth + 1,
    head: place.head.length < keep ? [...place.head, segment] : place.head,
  };
}

/** A pending step of the diff walk: compare two values, or an entry already found (kept in walk order). */
type Step = { x: unknown; y: unknown; place: Place } | { entry: DiffEntry };

/**
 * Differences between two JSON values, skipping pointers matched by `ignore` (and everything below them).
 * Iterative (an explicit stack, in the order a recursive walk would report), so no depth overflows it.
 */
export function diffJson(a: unknown, b: unknown, ignore: readonly string[] = []): DiffEntry[] {
  const patterns = ignore.map(splitPointer);
  const keep = Math.max(0, ...patterns.map((p) => p.length));
  const out: DiffEntry[] = [];
  const stack: Step[] = [{ x: a, y: b, place: { pointer: "", depth: 0, head: [] } }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ("entry" in step) {
      out.push(step.entry);
      continue;
    }
    const { x, y, place } = step;
    if (isIgnored(place, patterns)) continue;
    const pointer = place.pointer;
    const kx = kindOf(x);
    const ky = kindOf(y);
    if (kx !== ky) {
      out.push({ pointer, kind: "type", a: x, b: y });
    } else if (kx === "array" || kx === "object") {
      const ox = x as Record<string, unknown>;
      const oy = y as Record<string, unknown>;
      const keys = kx === "array" ? longerIndices(x as unknown[], y as unknown[]) : unionKeys(ox, oy);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        const child = childOf(place, escapePointerSegment(key), keep);
        if (!Object.hasOwn(oy, key)) {
          if (!isIgnored(child, patterns))
            stack.push({ entry: { pointer: child.pointer, kind: "removed", a: ox[key] } });
        } else if (!Object.hasOwn(ox, key)) {
          if (!isIgnored(child, patterns))
            stack.push({ entry: { pointer: child.pointer, kind: "added", b: oy[key] } });
        } else stack.push({ x: ox[key], y: oy[key], place: child });
      }
    } else if (!Object.is(x, y) && !(x === 0 && y === 0)) {
      out.push({ pointer, kind: "changed", a: x, b: y });
    }
  }
  return out;
}

function longerIndices(x: unknown[], y: unknown[]): string[] {
  return Array.from({ length: Math.max(x.length, y.length) }, (_, i) => String(i));
}

function unionKeys(x: Record<string, unknown>, y: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(x), ...Object.keys(y)])];
}

function show(v: unknown): string {
  return v === undefined ? "undefined" : renderJson(v, 500);
}

/** Readable diff lines: `- /data/0/name: "Acme AS"` then `+ /data/0/name: "ACME AS"`. */
export function formatDiff(entries: readonly DiffEntry[]): string {
  const lines: string[] = [];
  for (const e of entries) {
    const at = e.pointer || "(root)";
    if (e.kind === "removed" || e.kind === "changed" || e.kind === "type") {
      lines.push(`- ${at}: ${show(e.a)}${e.kind === "type" ? ` (${kindOf(e.a)})` : ""}`);
    }
    if (e.kind === "added" || e.kind === "changed" || e.kind === "type") {
      lines.push(`+ ${at}: ${show(e.b)}${e.kind === "type" ? ` (${kindOf(e.b)})` : ""}`);
    }
  }
  return lines.join("\n");
}

/** A response body as `diffBodies` reads it: its text, and its value when it parsed as JSON. */
export interface BodyOf {
  bodyText: string;
  json?: unknown;
}

/**
 * Differences between two response bodies (the parsed value, else the text), each first shaped by `prepare`
 * (compare aligns arrays by id). Two bodies of the same text are the same value: nothing is prepared or walked
 * (the common case, and preparing a large body copies all of it).
 */
export function diffBodies(
  a: BodyOf,
  b: BodyOf,
  ignore: readonly string[] = [],
  prepare: (value: unknown) => unknown = (value) => value,
): DiffEntry[] {
  if (a.bodyText === b.bodyText) return [];
  return diffJson(prepare(a.json ?? a.bodyText), prepare(b.json ?? b.bodyText), ignore);
}
