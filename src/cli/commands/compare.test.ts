/**
 * End to end: `cbcheck compare` between reference servers — a clean candidate and one with other data (another
 * snapshot) are not breaking; a candidate with a seeded bug is, with example pairs in the reports.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";
import { runMain } from "../test-support/run-main.js";

const LIMITS = { rateLimit: 1e6, callsPerDay: 1e7, recordsPerDay: 1e12 };
let base: RunningServer;
let dir: string;
let fixtures: string;
beforeAll(async () => {
  base = await startServer(LIMITS);
  dir = mkdtempSync(join(tmpdir(), "cbcheck-compare-"));
  fixtures = join(dir, "fixtures.json");
  writeFileSync(fixtures, JSON.stringify(base.fixtures));
});
afterAll(async () => {
  await base.close();
  rmSync(dir, { recursive: true, force: true });
});

async function compareWith(candidateOptions: object, name: string, extra: string[] = []) {
  const candidate = await startServer({ ...LIMITS, ...candidateOptions });
  const out = join(dir, name);
  try {
    const args = [
      "--base-url",
      base.url,
      "--candidate-url",
      candidate.url,
      "--candidate-api-key-env",
      "CB_RC_KEY",
    ];
    const result = await runMain(
      [
        "compare",
        ...args,
        "--fixtures",
        fixtures,
        "--seed",
        "3",
        "--runs",
        "4",
        "--report-dir",
        out,
        ...extra,
      ],
      { env: { CB_API_KEY: base.keys.plus, CB_RC_KEY: candidate.keys.plus } },
    );
    const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8"));
    const texts = [
      result.stdout,
      result.stderr,
      ...["report.md", "junit.xml", "report.html"].map((f) => readFileSync(join(out, f), "utf8")),
    ];
    for (const text of texts) {
      expect(text).not.toContain(base.keys.plus);
      expect(text).not.toContain(candidate.keys.plus);
    }
    return { ...result, report };
  } finally {
    await candidate.close();
  }
}

describe("cbcheck compare (CLI)", () => {
  it("finds no breaking difference between two equal releases (exit 0)", async () => {
    const { code, stdout, stderr, report } = await compareWith({}, "same");
    expect(code, stdout).toBe(0);
    expect(stderr).toContain("cbcheck compare: seed 3 (repeat with --seed 3)");
    expect(report.command).toBe("compare");
    expect(report.summary.failed).toBe(0);
  });

  it("calls other data in another snapshot data, not breaking (exit 0)", async () => {
    const { code, stdout, report } = await compareWith({ seed: 2, asOf: "2026-06-01T00:00:00Z" }, "snapshot");
    expect(code, stdout).toBe(0);
    const dataRows = report.results.filter(
      (r: { id: string; message?: string }) =>
        r.id === "compare.data_change" && /\d+ data difference/.test(r.message ?? ""),
    );
    expect(dataRows.length).toBeGreaterThan(0);
  });

  it("catches a seeded bug in the candidate as breaking, with example pairs (exit 1)", async () => {
    const { code, stdout, stderr, report } = await compareWith(
      { mutation: "org-employees-string" },
      "mutated",
      ["--quiet"],
    );
    expect(code).toBe(1);
    // --quiet: no progress lines; the grouped summary on stdout says it all.
    expect(stderr).toBe("");
    // Grouped by rule and cause: the breaking rule, on how many operations, each cause with its curl line.
    expect(stdout).toMatch(/^FAIL compare\.no_breaking_change: \d+ exchanges?, \d+ operations?/m);
    expect(stdout).toMatch(
      /^ {2}- response\.schema passes on the base, fails on the candidate.*\n.*\n {6}Reproduce with: curl /m,
    );
    const row = report.results.find(
      (r: { id: string; status: string }) => r.id === "compare.no_breaking_change" && r.status === "fail",
    );
    expect(row.counterexamples[0].title).toMatch(
      /response\.schema passes on the base, fails on the candidate/,
    );
    expect(row.counterexamples[0].curl).toContain('"Authorization: Bearer $CB_RC_KEY"');
    expect(report.details.differences["breaking entity-get"].count).toBeGreaterThan(0);
  });
});
