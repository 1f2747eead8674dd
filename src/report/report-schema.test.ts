import { describe, expect, it } from "vitest";
import { validateAs } from "../contract/registry.js";
import { unregisteredIds } from "../verdicts/test-support/unregistered.js";
import { sampleReport } from "./test-support/sample-report.js";

describe("schemas/report.schema.json", () => {
  it("accepts a report with every status, counterexamples, curl lines and the seed", () => {
    expect(validateAs("report", sampleReport())).toEqual([]);
    expect(unregisteredIds(sampleReport())).toEqual([]);
  });

  it("rejects unknown statuses, missing sentences and fields the model does not have", () => {
    const report = sampleReport();
    const bad = {
      ...report,
      extra: 1,
      results: [
        { ...report.results[0], status: "error" },
        { ...report.results[1], sentence: undefined },
      ],
    };
    const pointers = validateAs("report", JSON.parse(JSON.stringify(bad))).map(
      (v) => `${v.keyword} ${v.pointer}`,
    );
    expect(pointers).toEqual(
      expect.arrayContaining(["additionalProperties ", "enum /results/0/status", "required /results/1"]),
    );
  });
});
