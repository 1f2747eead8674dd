/**
 * The hostile matrix (issues 14 and 26): every hostile target meets every command that talks to a target, and
 * every file case meets the CLI. Each must end with its documented exit code, never show a PASS the exit code
 * denies, write reports whose verdict matches the exit code, end within its deadline, and keep the case's own
 * promise (no key in any output, no redirect followed, a one-line refusal). Everything runs in this process
 * (the CLI through its commander program, signals from an emitter); wall time and memory of real processes
 * are figures of `bench/hostile.ts`, not asserted here.
 *
 * This file: `run`, the library's `run()` and the file cases; `compare` and `replay`, `load`, and `proxy` have
 * a file each (hostile-matrix-*.test.ts), so that vitest runs them side by side.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HOSTILE_CASES } from "./test-support/hostile-cases.js";
import { falsePass, readReports, shellExit } from "./test-support/hostile-outcome.js";
import { runCliInProcess } from "./test-support/run-cli-in-process.js";
import { describeTargetMatrix } from "./test-support/target-matrix.js";

describeTargetMatrix(["run", "library"]);

const dir = mkdtempSync(join(tmpdir(), "cbcheck-hostile-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(HOSTILE_CASES)("CLI case $name ($item)", (c) => {
  // 10 s each on a quiet machine; a whole suite on two oversubscribed cores has taken one past 60 s.
  it(`ends with exit ${c.exits.join(" or ")} and no false PASS`, { timeout: 180_000 }, async () => {
    const prepared = await c.prepare(dir);
    try {
      const outcome = await runCliInProcess({
        args: prepared.args,
        ...(prepared.env ? { env: prepared.env } : {}),
      });
      const reports = readReports(prepared.reportDir);
      const context = `${outcome.stderr.slice(-1500)}\n${outcome.stdout.slice(-1500)}`;
      expect(c.exits, context).toContain(shellExit(outcome));
      expect(falsePass(outcome, reports)).toEqual([]);
      expect(prepared.verify?.(outcome, reports) ?? []).toEqual([]);
    } finally {
      await prepared.cleanup?.();
    }
  });
});
