/**
 * `cbcheck certify-client [--scenario NAME]... [--level required|all] [--report-dir DIR] [--timeout-s N] -- COMMAND [ARG...]`
 */
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { certifyClient } from "../../certify/certify-client.js";
import { DEFAULT_TIMEOUT_S } from "../../certify/options.js";
import { SCENARIOS } from "../../certify/scenarios.js";
import { EXIT } from "../../errors.js";

const HELP_AFTER = `
How it works:
  For each scenario cbcheck starts a certification server on 127.0.0.1 and runs COMMAND with:
    CB_BASE_URL     base URL including /v1
    CB_API_KEY      the key to send as "Authorization: Bearer <key>" (never print it)
    CB_IDS_FILE     a text file, one node id per line: fetch them all with POST /entities/batch
    CB_EXTEND       JSON array of extensions to request (may be [])
    CB_OUTPUT_FILE  write one JSON line per id:
                      {"id": ID, "node": NODE, "extensions": {NAME: VALUE}}   delivered
                      {"id": ID, "missing": true}                             listed in coverage.missing
                      {"id": ID, "failed": true, "status": N, "code": C}      given up (e.g. after 400)
  The client exits 0 when the job is done, non-zero when a fatal error (401/402/403) stopped it.
  The server's trace and the output are graded against the contract's client rules.

Scenarios:
${SCENARIOS.map((s) => `  ${s.name.padEnd(18)} ${s.description}`).join("\n")}

Exit codes: 0 certified, 1 not certified (a rule failed or a scenario was inconclusive), 2 usage error.

Example:
  cbcheck certify-client --report-dir reports/my-client -- node my-client.js
  cbcheck certify-client --scenario happy --scenario rate-limited --level required -- python3 client.py
`;

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Registers `cbcheck certify-client`. */
export function registerCertifyClient(program: Command): void {
  program
    .command("certify-client")
    .description("certify that an API client (any language) behaves as the cb/v1 contract asks of clients")
    .usage("[options] -- COMMAND [ARG...]")
    .argument("[command...]", "the client command to certify, after --")
    .option("--scenario <name>", "run only this scenario (repeatable; default all)", collect, [])
    .option(
      "--level <level>",
      "required: the contract's requirements only; all: also recommended practice",
      "all",
    )
    .option("--report-dir <dir>", "where the certificate is written", "reports/certify-client")
    .option("--timeout-s <seconds>", "time each scenario's client may run", String(DEFAULT_TIMEOUT_S))
    .addHelpText("after", HELP_AFTER)
    .action(
      async (
        command: string[],
        opts: { scenario: string[]; level: string; reportDir: string; timeoutS: string },
      ) => {
        const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
          version: string;
        };
        const result = await certifyClient({
          command,
          scenarios: opts.scenario,
          level: opts.level,
          reportDir: opts.reportDir,
          timeoutS: opts.timeoutS,
          version: pkg.version,
          onScenario: (name, grade) => {
            const failed = grade.rules
              .filter((g) => g.graded && g.result.status === "fail")
              .map((g) => g.rule.id);
            const suffix = failed.length > 0 ? ` (failed: ${failed.join(", ")})` : "";
            process.stdout.write(`scenario ${name}: ${grade.status}${suffix}\n`);
          },
        });
        process.stdout.write(
          `${result.certified ? "CERTIFIED" : "NOT CERTIFIED"}: ${result.report.summary.passed} passed, ${result.report.summary.failed} failed, ${result.report.summary.inconclusive} inconclusive\n`,
        );
        process.stdout.write(`certificate: ${result.files.join(", ")}\n`);
        process.exitCode = result.certified ? EXIT.pass : EXIT.violation;
      },
    );
}
