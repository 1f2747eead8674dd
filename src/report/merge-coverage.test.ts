import { describe, expect, it } from "vitest";
import { mergeCoverage } from "./merge-coverage.js";
import type { Report, RunCoverage } from "./model.js";

const empty = { statuses: {}, errorCodes: {}, nodeTypes: {}, predicates: {}, extensions: {} };
const report = (coverage?: RunCoverage): Report =>
  ({ tool: "cbcheck", command: "run", results: [], ...(coverage ? { coverage } : {}) }) as unknown as Report;

describe("mergeCoverage", () => {
  it("adds exchanges and seen values; a rule drawn by no shard says so", () => {
    const a: RunCoverage = {
      rules: [
        { id: "x.one", exchanges: 2 },
        {
          id: "x.two",
          exchanges: 0,
          reason: "shard 1/2 did not draw it (see the merged report)",
          exempt: true,
        },
        {
          id: "x.three",
          exchanges: 0,
          reason: "shard 1/2 did not draw it (see the merged report)",
          exempt: true,
        },
      ],
      unexercised: 2,
      seen: { ...empty, statuses: { "200": 3 } },
    };
    const b: RunCoverage = {
      rules: [
        { id: "x.one", exchanges: 5 },
        { id: "x.two", exchanges: 1 },
        {
          id: "x.three",
          exchanges: 0,
          reason: "shard 2/2 did not draw it (see the merged report)",
          exempt: true,
        },
      ],
      unexercised: 1,
      seen: { ...empty, statuses: { "200": 1, "404": 1 } },
    };
    const merged = mergeCoverage([report(a), report(b)]);
    expect(merged?.rules).toEqual([
      { id: "x.one", exchanges: 7 },
      { id: "x.two", exchanges: 1 },
      { id: "x.three", exchanges: 0, reason: "no shard drew it" },
    ]);
    expect(merged?.unexercised).toBe(1);
    expect(merged?.seen.statuses).toEqual({ "200": 4, "404": 1 });
    expect(mergeCoverage([report()])).toBeUndefined();
  });
});
