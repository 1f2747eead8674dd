import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundedView, type ViewLimits } from "./bounded-view.js";
import { collectViolations, validateAs } from "./registry.js";

const SMALL: ViewLimits = {
  items: 3,
  fewItems: 2,
  known: new Set(["a"]),
  otherKeys: 1,
  budget: 12,
  depth: 3,
};

/** Whether `part` is `whole` with members left out: array prefixes, object subsets, empty stand-ins. */
function isPartOf(part: unknown, whole: unknown): boolean {
  if (typeof part !== "object" || part === null) return Object.is(part, whole);
  if (typeof whole !== "object" || whole === null || Array.isArray(part) !== Array.isArray(whole))
    return false;
  return Object.entries(part).every(([k, v]) => Object.hasOwn(whole, k) && isPartOf(v, (whole as never)[k]));
}

describe("boundedView", () => {
  it("keeps a part of the value: prefixes of arrays, named keys always, at least fewItems items", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const view = boundedView(v, SMALL);
        expect(isPartOf(view.value, v)).toBe(true);
        // Containers deeper than `depth` (the root is 1) are copied empty; every other one keeps its part.
        const stack: [unknown, unknown, number][] = [[view.value, v, 1]];
        while (stack.length > 0) {
          const [p, w, depth] = stack.pop()!;
          if (typeof p !== "object" || p === null || typeof w !== "object" || w === null) continue;
          if (depth > SMALL.depth) expect(Object.keys(p)).toEqual([]);
          else if (Array.isArray(p))
            expect(p.length).toBeGreaterThanOrEqual(Math.min((w as unknown[]).length, SMALL.fewItems));
          else if (Object.hasOwn(w, "a")) expect(Object.hasOwn(p, "a")).toBe(true);
          for (const k of Object.keys(p)) stack.push([(p as never)[k], (w as never)[k], depth + 1]);
        }
      }),
    );
  });

  it("copies at most about the budget of a huge value, and says it cut", () => {
    const huge = { a: Array.from({ length: 100_000 }, () => ({ a: [1, 2, 3, 4] })) };
    const view = boundedView(huge, SMALL);
    expect(view.isCut).toBe(true);
    expect(JSON.stringify(view.value).length).toBeLessThan(200);
  });
});

describe("collectViolations", () => {
  const envelope = (data: unknown, warnings: unknown[] = []) => ({
    contract: "cb/v1",
    request_id: "2f1d8c9e-3b7a-4c2e-9f1a-6d5e4c3b2a10",
    as_of: "2026-11-21T12:00:00Z",
    data,
    entities: [],
    evidence: [],
    coverage: { requested: ["Acme"], missing: [], reason: null },
    truncated: false,
    cursor: null,
    next_hint: null,
    cost: { units: 0, unit_type: "record", credits_charged: 0, credits_reserved: 0, balance: 0 },
    warnings,
  });

  it("reports an array past its cap once, and the first items' faults, from 100,000 bad items", () => {
    const { violations, isComplete } = collectViolations(
      "resolve-response",
      envelope(Array(100_000).fill({})),
    );
    expect(isComplete).toBe(false);
    expect(violations.length).toBeLessThanOrEqual(100);
    expect(violations.filter((v) => v.keyword === "maxItems").map((v) => v.pointer)).toEqual(["/data"]);
    expect(violations.some((v) => v.pointer === "/data/0" && v.keyword === "required")).toBe(true);
  });

  it("finds a fault past the copied items (the first-error validator judged the whole body)", () => {
    const warnings = [...Array(5000).fill("w"), 7];
    const violations = validateAs("resolve-response", envelope([], warnings));
    expect(violations.map((v) => [v.pointer, v.keyword])).toEqual([["/warnings/5000", "type"]]);
  });

  it("lists every violation, complete, when the body is small", () => {
    const { violations, isComplete } = collectViolations("resolve-response", envelope([{}, { id: 1 }]));
    expect(isComplete).toBe(true);
    expect(violations.length).toBe(8);
  });
});
