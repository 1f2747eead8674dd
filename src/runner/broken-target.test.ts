/**
 * A realistic first run of a new server team: the reference server with every seeded bug `run` can see switched
 * on at once. The console summary is grouped by rule and cause and stays short, report.md stays under 200 KB,
 * report.html stays bounded, and report.json still holds every failing row with every counterexample. One run,
 * shared by every assertion.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundReport } from "../report/bound.js";
import { groupFailures } from "../report/failure-groups.js";
import type { Report } from "../report/model.js";
import { replayableCounterexamples } from "../report/replayable.js";
import { junitXsdErrors } from "../report/test-support/standards/validate.js";
import { writeReports } from "../report/write-reports.js";
import { MUTATIONS } from "../server/mutations.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";
import { summaryText } from "./summary-text.js";

let dir: string;
let shown: Report;
let printed: string;
let files: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cbcheck-broken-"));
  // Not the target that never yields (resolve-spins-forever): it would move the server to a child process and
  // end every resolve as a timeout; a hung target is the embedded-server test's case, not a broken report's.
  const mutation = MUTATIONS.filter((m) => m.detectedBy === "run" && m.id !== "resolve-spins-forever").map(
    (m) => m.id,
  );
  // Every suite but rate-limit, whose Retry-After wait is a real second; few generated requests.
  const options = resolveRunOptions({
    mutation,
    env: {},
    runs: 4,
    seed: 1,
    suites: ["http", "auth", "schema", "negative", "limits", "alt-base-url", "batch-limits"],
    reportDir: dir,
  });
  const result = await runConformance(options);
  files = await writeReports(dir, result.report, result.sections);
  // What the CLI prints (reporting-command.ts): the summary of the bounded report the files hold (the result
  // comes redacted from the run).
  shown = boundReport(result.report);
  printed = summaryText(shown, files);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("a fully broken target", () => {
  it("fails many rules, as a realistic broken first run does", () => {
    expect(shown.verdict).toBe("fail");
    // About 40 rules since the input oracles judge what many negative.* checks did, one rule per class.
    expect(groupFailures(shown.results).length).toBeGreaterThan(30);
  });

  it("prints a short console summary grouped by rule: five rules with their causes, ten more, then 'and N more'", () => {
    const lines = printed.split("\n");
    expect(lines[0]).toMatch(
      /^Failures: \d+ rules broken \(\d+ checks\); the rules that broke the most exchanges first:$/,
    );
    expect(lines.filter((l) => l.startsWith("  Contract: "))).toHaveLength(5);
    const ruleLines = lines.filter((l) => /^FAIL \S+: \d+ exchanges?, /.test(l));
    expect(ruleLines).toHaveLength(15);
    // No rule is listed twice.
    expect(new Set(ruleLines.map((l) => l.split(":")[0])).size).toBe(15);
    expect(printed).toMatch(/\n… and \d+ more failing rules \(report\.md lists every rule\)\n/);
    expect(printed).toMatch(/\n {6}Reproduce with: curl -X /);
    expect(printed).toContain(`Replay with: cbcheck replay ${dir} --index `);
    expect(lines.length).toBeLessThan(120);
  });

  it("gives each shown cause a replay index that picks its own counterexample", () => {
    const replayable = replayableCounterexamples(shown.results);
    for (const g of groupFailures(shown.results).slice(0, 5))
      for (const c of g.causes.filter((c) => c.replayIndex !== undefined))
        expect(replayable[(c.replayIndex ?? 0) - 1].cx.title).toBe(c.title);
  });

  it("keeps report.md under 200 KB, its table naming every failing rule", async () => {
    const md = await readFile(join(dir, "report.md"), "utf8");
    expect((await stat(join(dir, "report.md"))).size).toBeLessThan(200 * 1024);
    for (const g of groupFailures(shown.results)) expect(md).toContain(`| \`${g.id}\` | ${g.exchanges} |`);
  });

  it("keeps report.html bounded", async () => {
    expect((await stat(join(dir, "report.html"))).size).toBeLessThan(500 * 1024);
  });

  it("writes a junit.xml that Jenkins' junit-10.xsd accepts", async () => {
    const xml = await readFile(join(dir, "junit.xml"), "utf8");
    expect(await junitXsdErrors({ "junit.xml": xml })).toEqual([]);
  });

  it("keeps every failing row and counterexample in report.json", async () => {
    const json = JSON.parse(await readFile(join(dir, "report.json"), "utf8")) as Report;
    const failing = (r: Report) => r.results.filter((row) => row.status === "fail");
    expect(failing(json)).toEqual(failing(shown));
    expect(failing(json).flatMap((r) => r.counterexamples).length).toBeGreaterThan(200);
  });
});
