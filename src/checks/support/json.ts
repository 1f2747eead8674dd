/**
 * Small readers for untyped JSON: checks judge what arrived, which may be any shape, so nothing is cast.
 */
import { renderJson } from "../../bounded-json.js";

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

/** Whether a value is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at `key` when `value` is an object holding an object there. */
export function objectAt(value: unknown, key: string): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const inner = value[key];
  return isObject(inner) ? inner : undefined;
}

/** The value at `key` when `value` is an object holding an array there. */
export function arrayAt(value: unknown, key: string): unknown[] | undefined {
  if (!isObject(value)) return undefined;
  const inner = value[key];
  return Array.isArray(inner) ? inner : undefined;
}

/** Whether an object has an own property `key` (present, whatever its value, null included). */
export function has(value: JsonObject, key: string): boolean {
  return Object.hasOwn(value, key);
}

/** Escapes one JSON pointer token (RFC 6901). */
function escapePointer(token: string | number): string {
  return String(token).replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Builds a JSON pointer from tokens. */
export function pointer(...tokens: (string | number)[]): string {
  return tokens.map((t) => `/${escapePointer(t)}`).join("");
}

/** Short, one-line rendering of a received value for failure text (bounded: any depth or size is safe). */
export function show(value: unknown, max = 120): string {
  return renderJson(value, max);
}
