/**
 * The target half of the hostile matrix as vitest suites: every target case (hostile-target-cases.ts) against
 * the given commands, in this process, one hostile target per case shared by the commands. Split over a few
 * test files by command so that vitest runs them side by side; each file calls `describeTargetMatrix` once.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";
import { runInProcess, type TargetCommand } from "./hostile-commands.js";
import { readReports } from "./hostile-outcome.js";
import { problemsOf, TARGET_CASES } from "./hostile-target-cases.js";
import { type HostileTarget, startHostileTarget } from "./hostile-targets.js";
import { planTargetCase } from "./plan-target-case.js";

/** Declares one test per target case and command: it ends as it must (`problemsOf` finds nothing). */
export function describeTargetMatrix(commands: readonly TargetCommand[]): void {
  const dir = mkdtempSync(join(tmpdir(), "cbcheck-hostile-matrix-"));
  let reference: RunningServer;
  beforeAll(async () => {
    reference = await startServer({ rateLimit: 1e6, callsPerDay: 1e7, recordsPerDay: 1e12 });
  });
  afterAll(async () => {
    await reference?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cases = TARGET_CASES.map((c) => ({ c, meeting: commands }));
  describe.each(cases)("hostile target $c.name ($c.item)", ({ c, meeting }) => {
    let target: HostileTarget;
    beforeAll(async () => {
      target = await startHostileTarget(c.kind);
    });
    afterAll(() => target?.close());

    it.each(meeting)("%s ends as it must", async (command) => {
      const scratch = join(dir, c.name, command);
      mkdirSync(scratch, { recursive: true });
      const planned = planTargetCase(c, command, target, scratch, reference);
      const outcome = await runInProcess(planned);
      const reports = readReports(planned.reportDir);
      const context = `${command}: ${outcome.stderr.slice(-1500)}\n${outcome.stdout.slice(-800)}`;
      expect(problemsOf(c, command, outcome, reports, target), context).toEqual([]);
    });
  });
}
