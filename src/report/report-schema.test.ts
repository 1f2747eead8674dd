import { describe, expect, it } from "vitest";
import { validateAs } from "../contract/registry.js";
import { unregisteredIds } from "../verdicts/test-support/unregistered.js";
import { jsonReporter, REPORT_FORMAT_VERSION, REPORT_SCHEMA_URI } from "./json.js";
import { sampleReport } from "./test-support/sample-report.js";

describe("schemas/report.schema.json", () => {
  it("accepts a report with every status, counterexamples, curl lines and the seed", () => {
    expect(validateAs("report", sampleReport())).toEqual([]);
    expect(unregisteredIds(sampleReport())).toEqual([]);
  });

  it("report.json names its schema and format version, and still matches the schema", () => {
    const written = JSON.parse(jsonReporter.render(sampleReport(), []));
    expect(written.$schema).toBe(REPORT_SCHEMA_URI);
    expect(written.formatVersion).toBe(REPORT_FORMAT_VERSION);
    expect(validateAs("report", written)).toEqual([]);
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
