/**
 * `cbcheck run`: the conformance run and CI gate. Parses flags (typed from `RunOptions`), resolves them with
 * the environment, runs the suites, then writes the reports and sets the exit code (0 pass, 1 violation,
 * 2 usage).
 */
import type { Command } from "commander";
import { RUN_DEFAULTS, SUITE_ORDER } from "../../runner/run-defaults.js";
import { addFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { RUN_FLAGS } from "./run-flags.js";

const HELP = `
Without --base-url, cbcheck starts its embedded reference server on 127.0.0.1 (with a short rate window,
${RUN_DEFAULTS.embeddedRateLimit} calls per ${RUN_DEFAULTS.embeddedRateWindowMs / 1000} s, and expects exactly that limit) and tests it: keys and ids come from it.

Suites (default: all, in this order): ${SUITE_ORDER.join(", ")}.

Keys are read only from the environment variables named by --api-key-env and --free-api-key-env; they are never
printed or written to a report (curl lines show <redacted>). Without a free key, the free-plan checks are skipped.

Examples:
  cbcheck run                                        # test the embedded reference server
  CB_API_KEY=... cbcheck run --base-url https://api.example.com/v1 --fixtures fixtures/targets/example.json
  cbcheck run --base-url http://127.0.0.1:8080/v1 --suite schema --suite negative --seed 42 --runs 200
  cbcheck run --base-url $URL --shard 2/4 --report-dir reports/shard-2
  cbcheck run --base-url $URL --max-failures 1      # stop at the first failing outcome (exit 1)

Reports: without --report-dir, a new reports/run/<timestamp>/ per run, copied to reports/run/latest/;
--report-dir DIR writes (and overwrites) DIR. They are written on every exit once the flags parsed, errors
and interruptions included, and their verdict always matches the exit code.

Progress: on a terminal, a bar on stderr over the selected suites with the current suite and calls so far;
no bar in CI logs or when redirected; --quiet prints no progress at all.

Exit codes:
  0    pass: every check passed (inconclusive checks only with --allow-inconclusive)
  1    fail: at least one contract violation (see the reports and the curl lines); also a target that stops
       answering (--give-up-after-failures): its calls without a response fail
  2    incomplete: the run stopped early (--max-calls, --deadline-s, a Retry-After past the deadline, a target
       that only answers 429: --give-up-after-429s) before finding any violation, or some checks were
       inconclusive; error: usage or configuration error, or the target cannot be reached at all (the reports
       hold the error; an argv parse error writes none)
  130  interrupted by SIGINT (Ctrl-C); 143 by SIGTERM: sending stops, reports marked interrupted
`;

/** Registers `cbcheck run`. */
export function registerRun(program: Command, cli: Invocation): void {
  const command = program
    .command("run")
    .summary("run the conformance suites against a target (the CI gate)")
    .description(
      "Runs the cb/v1 conformance suites against a base URL, or against the embedded reference server.",
    );
  addFlags(command, RUN_FLAGS)
    .addHelpText("after", HELP)
    .action(async () => (await import("./run-action.js")).runAction(cli, command));
}
