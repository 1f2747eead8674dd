import { afterAll, describe, expect, it } from "vitest";
import { unregisteredIds } from "../verdicts/test-support/unregistered.js";
import { SCENARIO_NAMES } from "./scenarios.js";
import { adapterCommand, certifyCommand, defectiveClient } from "./test-support/certify-with.js";
import { removeCompiledClients } from "./test-support/compile-clients.js";

describe("certify-client on the reference client", () => {
  afterAll(removeCompiledClients);
  it("certifies examples/reference-client-adapter.js in every scenario and writes the four reports", async () => {
    const outcome = await certifyCommand(adapterCommand());
    expect(outcome.failing, outcome.failures).toEqual([]);
    expect(outcome.scenarios).toEqual(Object.fromEntries(SCENARIO_NAMES.map((name) => [name, "pass"])));
    expect(outcome.result.certified).toBe(true);
    expect(unregisteredIds(outcome.result.report)).toEqual([]);
    expect(outcome.result.files.map((f) => f.split("/").pop()).sort()).toEqual([
      "junit.xml",
      "report.html",
      "report.json",
      "report.md",
    ]);
    const md = outcome.reportTexts.find((t) => t.startsWith("# cbcheck certify-client"));
    expect(md).toMatch(/started \d+\.\d\d s after a 429 with Retry-After: 1/);
    expect(md).toContain("reference-client-adapter.js");
    for (const text of outcome.reportTexts) for (const key of outcome.keys) expect(text).not.toContain(key);
  }, 180_000);

  it("reports a scenario whose fault was never reached as inconclusive, never passed", async () => {
    const outcome = await certifyCommand(await defectiveClient("stops-early"), {
      scenarios: ["credits-exhausted", "happy"],
    });
    expect(outcome.scenarios["credits-exhausted"]).toBe("inconclusive");
    expect(outcome.failing, outcome.failures).toEqual(["client.job_done_in_time"]);
    const rows = outcome.result.report.results.filter((r) => r.suite === "credits-exhausted");
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(status["client.faults_consumed"]).toBe("inconclusive");
    expect(status["client.stop_on_fatal"]).toBe("inconclusive");
    expect(outcome.result.certified).toBe(false);
  });
});
