/**
 * Structural JSON diff by JSON pointer (used to compare `{base_url}` with `{alt_base_url}`, Versioning:
 * "The same API is also served at {alt_base_url}"). Ignore patterns are pointers where `*` matches one segment.
 */
import { truncate } from "./escape.js";

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

/** Whether `pointer` (escaped) is matched by a pattern or lies below one. */
function isIgnored(segments: readonly string[], patterns: readonly string[][]): boolean {
  return patterns.some(
    (p) => p.length <= segments.length && p.every((seg, i) => seg === "*" || seg === segments[i]),
  );
}

/** Differences between two JSON values, skipping pointers matched by `ignore` (and everything below them). */
export function diffJson(a: unknown, b: unknown, ignore: readonly string[] = []): DiffEntry[] {
  const patterns = ignore.map(splitPointer);
  const out: DiffEntry[] = [];
  const walk = (x: unknown, y: unknown, segments: string[]) => {
    if (isIgnored(segments, patterns)) return;
    const pointer = segments.length ? `/${segments.join("/")}` : "";
    const kx = kindOf(x);
    const ky = kindOf(y);
    if (kx !== ky) {
      out.push({ pointer, kind: "type", a: x, b: y });
    } else if (kx === "array" || kx === "object") {
      const ox = x as Record<string, unknown>;
      const oy = y as Record<string, unknown>;
      const keys = kx === "array" ? longerIndices(x as unknown[], y as unknown[]) : unionKeys(ox, oy);
      for (const key of keys) {
        const child = [...segments, escapePointerSegment(key)];
        if (!Object.hasOwn(oy, key)) {
          if (!isIgnored(child, patterns))
            out.push({ pointer: `/${child.join("/")}`, kind: "removed", a: ox[key] });
        } else if (!Object.hasOwn(ox, key)) {
          if (!isIgnored(child, patterns))
            out.push({ pointer: `/${child.join("/")}`, kind: "added", b: oy[key] });
        } else walk(ox[key], oy[key], child);
      }
    } else if (!Object.is(x, y) && !(x === 0 && y === 0)) {
      out.push({ pointer, kind: "changed", a: x, b: y });
    }
  };
  walk(a, b, []);
  return out;
}

function longerIndices(x: unknown[], y: unknown[]): string[] {
  return Array.from({ length: Math.max(x.length, y.length) }, (_, i) => String(i));
}

function unionKeys(x: Record<string, unknown>, y: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(x), ...Object.keys(y)])];
}

function show(v: unknown): string {
  return truncate(v === undefined ? "undefined" : JSON.stringify(v), 500);
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
