/** The end-of-run text's replay lines name a target off this machine: replay sends a key only where told. */
import { describe, expect, it } from "vitest";
import { sampleReport } from "../report/test-support/sample-report.js";
import { summaryText } from "./summary-text.js";

const files = ["reports/run/x/junit.xml", "reports/run/x/report.json"];

describe("summaryText replay lines", () => {
  it("add --base-url for a target off this machine", () => {
    const report = { ...sampleReport(), target: { baseUrl: "https://api.example.com/v1", embedded: false } };
    const text = summaryText(report, files);
    expect(text).toMatch(
      /Replay with: cbcheck replay reports\/run\/x --index 1 --base-url https:\/\/api\.example\.com\/v1\n/,
    );
  });

  it("name no URL for the embedded server or a loopback target", () => {
    for (const target of [sampleReport().target, { baseUrl: "http://127.0.0.1:9/v1", embedded: false }]) {
      const text = summaryText({ ...sampleReport(), ...(target ? { target } : {}) }, files);
      expect(text).toMatch(/Replay with: cbcheck replay reports\/run\/x --index 1\n/);
    }
  });

  it("are left out without a report.json to replay from", () => {
    expect(summaryText(sampleReport(), ["reports/run/x/junit.xml"])).not.toContain("Replay with");
  });
});
