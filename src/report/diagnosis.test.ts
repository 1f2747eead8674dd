import { describe, expect, it } from "vitest";
import { reportDiagnosis, wholeClassDiagnosis } from "./diagnosis.js";
import { sampleReport } from "./test-support/sample-report.js";

describe("wholeClassDiagnosis", () => {
  it("names the likely cause when every answer had one status that has one", () => {
    expect(wholeClassDiagnosis({ 404: 7 }, "/resolve")).toBe(
      "every /resolve (7) answered 404: is --base-url the API root, including /v1 (e.g. https://api.example.com/v1)?",
    );
    expect(wholeClassDiagnosis({ 401: 2 }, "call")).toMatch(
      /^every call \(2\) answered 401: is the key set in the variable --api-key-env names/,
    );
    expect(wholeClassDiagnosis({ 403: 1 }, "call")).toMatch(
      /^the one call answered 403: does the key's plan/,
    );
    expect(wholeClassDiagnosis({ 502: 9 }, "call")).toMatch(/gateway/);
    expect(wholeClassDiagnosis({ 500: 9 }, "call")).toMatch(/^every call \(9\) answered 500/);
  });

  it("says nothing when the answers differ or their status has no one likely cause", () => {
    expect(wholeClassDiagnosis({ 200: 5, 404: 3 }, "call")).toBeUndefined();
    expect(wholeClassDiagnosis({ 200: 5 }, "call")).toBeUndefined();
    expect(wholeClassDiagnosis({ 429: 5 }, "call")).toBeUndefined();
    expect(wholeClassDiagnosis({}, "call")).toBeUndefined();
    expect(wholeClassDiagnosis({ 404: 0, 200: 3 }, "call")).toBeUndefined();
  });
});

describe("reportDiagnosis", () => {
  const seen = (statuses: Record<string, number>) => ({
    statuses,
    errorCodes: {},
    nodeTypes: {},
    predicates: {},
    extensions: {},
  });

  it("reads the statuses a run's responses held, for a report that did not pass", () => {
    const report = { ...sampleReport(), coverage: { rules: [], unexercised: 0, seen: seen({ 404: 120 }) } };
    expect(reportDiagnosis(report)).toMatch(/^every call \(120\) answered 404/);
    expect(reportDiagnosis({ ...report, verdict: "pass" })).toBeUndefined();
    expect(reportDiagnosis(sampleReport())).toBeUndefined();
  });
});

describe("reportDiagnosis of a run stopped at the main key's 401", () => {
  it("says so when no call succeeded and every failure answered 401", () => {
    const seen = {
      statuses: { 401: 1, 404: 3, 405: 3 },
      errorCodes: {},
      nodeTypes: {},
      predicates: {},
      extensions: {},
    };
    const report = {
      ...sampleReport(),
      coverage: { rules: [], unexercised: 0, seen },
      results: [
        {
          id: "run.main_key_not_refused",
          suite: "http",
          status: "fail" as const,
          sentence: "The client must stop",
          counterexamples: [{ title: "the main key got 401", status: 401 }],
        },
      ],
    };
    expect(reportDiagnosis(report)).toMatch(
      /^no call succeeded, and every failure answered 401: is the key set/,
    );
    const succeeded = {
      ...report,
      coverage: { ...report.coverage, seen: { ...seen, statuses: { 200: 1, 401: 1 } } },
    };
    expect(reportDiagnosis(succeeded)).toBeUndefined();
  });
});
