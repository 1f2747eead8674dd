/** `jsonEqual` compares JSON values as their sorted-key texts would, without building those texts. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonEqual } from "./trace-facts.js";

/** The comparison `jsonEqual` replaces: the `JSON.stringify` texts of both values with their keys sorted. */
function sortedText(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (typeof v !== "object" || v === null) return v;
    const record = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, sortKeys(record[key])]),
    );
  };
  return JSON.stringify(sortKeys(value));
}

describe("jsonEqual", () => {
  it("ignores key order, at any depth", () => {
    expect(jsonEqual({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(
      true,
    );
  });

  it("tells apart values, array orders, missing keys, extra keys and types", () => {
    expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(jsonEqual({ a: "1" }, { a: 1 })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual({ 0: "x" }, ["x"])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });

  it("counts a property set to undefined as absent, as JSON text does", () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true);
  });

  it("agrees with comparing sorted-key JSON texts on any JSON values", () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(jsonEqual(a, b)).toBe(sortedText(a) === sortedText(b));
        expect(jsonEqual(a, structuredClone(a))).toBe(true);
      }),
    );
  });
});
