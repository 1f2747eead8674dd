/** For the end-to-end tests of `cbcheck load`: one invocation through main(argv, io), its reports read back. */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { runMain } from "../../cli/test-support/run-main.js";
import type { Report } from "../../report/model.js";
import { unregisteredIds } from "../../verdicts/test-support/unregistered.js";

/** What one `cbcheck load` invocation did: its exit code, stdout, report.json and the folder of its reports. */
export interface LoadOutcome {
  exitCode: number;
  stdout: string;
  report?: Report;
  dir: string;
}

/** Runs `cbcheck load ARGS` in-process with its reports in a fresh temporary folder. */
export async function cbcheckLoad(args: string[]): Promise<LoadOutcome> {
  const dir = mkdtempSync(join(tmpdir(), "cbcheck-load-"));
  const { code, stdout } = await runMain(["load", "--report-dir", dir, ...args]);
  const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as Report;
  return { exitCode: code, stdout, report, dir };
}

/** Ids of the report's failed rows. */
export const failingIds = (report: Report | undefined): string[] =>
  (report?.results ?? []).filter((r) => r.status === "fail").map((r) => r.id);

/** Why a run did not end as expected: its rows that did not pass, and the end of what it printed. */
export function unsettled(report: Report | undefined, stdout: string): string {
  const rows = (report?.results ?? [])
    .filter((r) => r.status !== "pass")
    .map((r) => `${r.id} ${r.status}: ${r.message ?? ""}`);
  return [...rows, ...stdout.trimEnd().split("\n").slice(-8)].join("\n");
}

/**
 * Runs profile `profile` of `cbcheck load` on the embedded server with the seeded bug `mutation`, for 1.5 s of
 * measured load, and expects exit 1 naming `expectation`. The server runs in-process (on the test's clock)
 * unless `inProcess` is false: a latency figure of a server in cbcheck's own process is never a certain fail on
 * a machine that held the harness up (judge-budgets.ts), while one in its own process is, by the harness's slack.
 */
export async function expectSeededCatch(
  mutation: string,
  profile: string,
  expectation: string,
  { inProcess = true }: { inProcess?: boolean } = {},
): Promise<void> {
  const { exitCode, stdout, report } = await cbcheckLoad([
    "--profile",
    profile,
    "--duration",
    "1.5",
    "--mutation",
    mutation,
    ...(inProcess ? ["--in-process"] : []),
  ]);
  expect(exitCode, unsettled(report, stdout)).toBe(1);
  expect(failingIds(report)).toContain(expectation);
  expect(unregisteredIds(report)).toEqual([]);
  expect(stdout).toContain(`FAIL ${expectation}`);
}
