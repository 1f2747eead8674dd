/**
 * The action of `cbcheck certify-client` (registered, with its flags and help, by certify-client.ts): loaded only when the command
 * runs, so that `--help`, `--version` and every other command do not load its implementation.
 */
import type { Command } from "commander";
import { ClientStartError } from "../../certify/client-start-error.js";
import type { ScenarioGrade } from "../../certify/grade-scenario.js";
import { resolveCertifyOptions } from "../../certify/options.js";
import { failureSummaryLines } from "../../report/failure-summary.js";
import type { Report } from "../../report/model.js";
import { verdictLabel } from "../../report/verdict.js";
import { readFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { progressOutput } from "../progress-output.js";
import { runReportingCommand } from "../reporting-command.js";
import { CERTIFY_FLAGS } from "./certify-client-flags.js";

function printScenario(cli: Invocation, name: string, grade: ScenarioGrade): void {
  const failed = grade.rules.filter((g) => g.graded && g.result.status === "fail").map((g) => g.rule.id);
  const suffix = failed.length > 0 ? ` (failed: ${failed.join(", ")})` : "";
  cli.stdout.write(`scenario ${name}: ${grade.status}${suffix}\n`);
}

/** CERTIFIED only on a pass; an interrupted or incomplete certification says so (and is not certified). */
function certificateText(report: Report, files: readonly string[]): string {
  const { passed, failed, inconclusive } = report.summary;
  const verdict =
    report.verdict === "pass"
      ? "CERTIFIED"
      : report.verdict === "fail"
        ? "NOT CERTIFIED"
        : `NOT CERTIFIED (${verdictLabel(report.verdict)}: ${report.reason ?? ""})`;
  const grouped = failureSummaryLines(report).map((line) => `${line}\n`);
  return (
    `${grouped.join("")}${verdict}: ${passed} passed, ${failed} failed, ${inconclusive} inconclusive\n` +
    `certificate: ${files.join(", ")}\n`
  );
}

/** Runs `cbcheck certify-client` with the flags commander parsed (loaded when the command runs). */
export async function certifyClientAction(
  cli: Invocation,
  clientCommand: string[],
  command: Command,
): Promise<void> {
  const { quiet, formats, ...flags } = readFlags(command, CERTIFY_FLAGS);
  await runReportingCommand(cli, {
    command: "certify-client",
    ...(formats ? { formats } : {}),
    reportDir: flags.reportDir,
    summary: certificateText,
    async execute({ reportDir, signal }) {
      const options = resolveCertifyOptions({
        ...flags,
        reportDir,
        command: clientCommand,
        cwd: cli.io.cwd,
        env: cli.env,
      });
      const out = progressOutput({ quiet: quiet === true, env: cli.env, stream: cli.stderr });
      const bar = out.bar("certify-client", options.scenarios.length);
      let done = 0;
      // Loaded on use, so that other commands do not pay for certification's modules at start-up.
      const { certifyClient } = await import("../../certify/certify-client.js");
      return certifyClient(options, {
        signal,
        onScenarioStart: (name) => bar.update(done, `scenario ${name}`),
        onScenario: (name, grade) => {
          done++;
          bar.update(done, `scenario ${name}: ${grade.status}`);
          printScenario(cli, name, grade);
        },
      })
        .catch((err: unknown) => {
          // A client that never ran: its own words first, then the one-line setup error.
          if (err instanceof ClientStartError && err.stderrHead.length > 0) {
            cli.stderr.write(
              `the client's stderr (first lines):\n${err.stderrHead.map((l) => `  | ${l}\n`).join("")}`,
            );
          }
          throw err;
        })
        .finally(() => out.stop());
    },
  });
}
