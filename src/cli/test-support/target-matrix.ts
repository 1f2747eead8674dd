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
import { PLAN, runInProcess, type TargetCommand } from "./hostile-commands.js";
import { readReports } from "./hostile-outcome.js";
import {
  DEFAULT_DEADLINE_S,
  DEFAULT_TIMEOUT_MS,
  ECHOED_KEY,
  problemsOf,
  TARGET_CASES,
} from "./hostile-target-cases.js";
import { type HostileTarget, startHostileTarget } from "./hostile-targets.js";

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

  describe.each(TARGET_CASES)("hostile target $name ($item)", (c) => {
    let target: HostileTarget;
    beforeAll(async () => {
      target = await startHostileTarget(c.kind);
    });
    afterAll(() => target?.close());

    it.each(commands)("%s ends as it must", async (command) => {
      const scratch = join(dir, c.name, command);
      mkdirSync(scratch, { recursive: true });
      // Requests of this command only: an interruption waits for its first one, not an earlier command's.
      const before = target.hits();
      const planned = PLAN[command]({
        baseUrl: target.baseUrl,
        key: ECHOED_KEY,
        dir: scratch,
        reference,
        hits: () => target.hits() - before,
        deadlineS: c.deadlineS ?? DEFAULT_DEADLINE_S,
        timeoutMs: c.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        ...(c.signal ? { signal: c.signal } : {}),
      });
      const outcome = await runInProcess(planned);
      const reports = readReports(planned.reportDir);
      const awaits = c.awaits?.[command] ? ` (awaits ${c.awaits[command]})` : "";
      const context = `${command}${awaits}: ${outcome.stderr.slice(-1500)}\n${outcome.stdout.slice(-800)}`;
      expect(problemsOf(c, command, outcome, reports, target), context).toEqual([]);
    });
  });
}
