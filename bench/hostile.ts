/**
 * The hostile matrix as a benchmark, in real processes: every target case (src/cli/test-support/
 * hostile-target-cases.ts) against every command that talks to a target — `run`, the library's `run()`
 * (bench/support/library-run.ts), `compare`, `load`, `replay`, `proxy` — with the same calls as the in-process
 * matrix, then every file case (hostile-cases.ts) and the cases too slow or too large for the suite:
 * `stall-default` and `compare-stall-default` (a target that never answers, at the default 10 s timeout: give-up
 * ends them within about a minute, not request by request) and `validate-238MiB` (refused before it is read;
 * it aborted V8 at 2.8 GB). For each: expected and actual exit code, wall time, the process's peak resident
 * memory (VmHWM), and whether every promise held (`problemsOf`).
 * `npx tsx bench/hostile.ts [case…]` runs only the named cases (a target case with every command).
 */
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOSTILE_CASES, type HostileCase } from "../src/cli/test-support/hostile-cases.js";
import { type CommandPlan, TARGET_COMMANDS } from "../src/cli/test-support/hostile-commands.js";
import { falsePass, readReports, shellExit } from "../src/cli/test-support/hostile-outcome.js";
import { problemsOf, TARGET_CASES } from "../src/cli/test-support/hostile-target-cases.js";
import { startHostileTarget } from "../src/cli/test-support/hostile-targets.js";
import { planTargetCase } from "../src/cli/test-support/plan-target-case.js";
import { type CliCall, runCli } from "../src/cli/test-support/run-cli-case.js";
import { startServer } from "../src/server/index.js";

const LIBRARY_RUN = fileURLToPath(new URL("support/library-run.ts", import.meta.url));

/** A target that never answers, at the default timeout: run and compare must give up within about a minute. */
const STALL_DEFAULTS: HostileCase[] = [
  { name: "stall-default", item: "§6", exits: [1], prepare: stallDefault("run") },
  { name: "compare-stall-default", item: "issue 26 §4", exits: [1], prepare: stallDefault("compare") },
];

function stallDefault(command: "run" | "compare"): HostileCase["prepare"] {
  return async (dir) => {
    const target = await startHostileTarget("stall");
    const out = join(dir, `reports-${command}-stall-default`);
    const fixtures = ["--fixtures", "fixtures/targets/example.json", "--report-dir", out];
    const args =
      command === "run"
        ? ["run", "--base-url", target.baseUrl, ...fixtures]
        : ["compare", "--base-url", reference.url, "--candidate-url", target.baseUrl, ...fixtures];
    return { args, env: { CB_API_KEY: reference.keys.plus }, reportDir: out, cleanup: () => target.close() };
  };
}

/** A 238 MiB array of zeros given to validate: refused before it is read (exit 2), in a few MiB. */
const VALIDATE_HUGE: HostileCase = {
  name: "validate-238MiB",
  item: "issue 26 §5",
  exits: [2],
  prepare: async (dir) => {
    const path = join(dir, "huge.json");
    writeFileSync(path, "[0");
    truncateSync(path, 238 * 1024 * 1024);
    return { args: ["validate", "--as", "resolve", path] };
  },
};

/** The spawned form of a planned command (the library through its script). */
function spawned(planned: CommandPlan): CliCall {
  const { call, library } = planned;
  return {
    args: library ? [JSON.stringify(library)] : call.args,
    ...(library ? { script: LIBRARY_RUN } : {}),
    ...(call.env ? { env: call.env } : {}),
    ...(call.signal ? { signal: call.signal } : {}),
    ...(call.during ? { during: call.during } : {}),
    limitMs: 300_000,
  };
}

const wanted = process.argv.slice(2);
const pick = <T extends { name: string }>(all: T[]) =>
  all.filter((c) => wanted.length === 0 || wanted.includes(c.name));
const dir = mkdtempSync(join(tmpdir(), "cbcheck-bench-hostile-"));
const reference = await startServer({ rateLimit: 1e6, callsPerDay: 1e7, recordsPerDay: 1e12 });
const rows: string[][] = [];
const la = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const row = (cells: string[]) => {
  rows.push(cells);
  process.stderr.write(`${cells.join(" | ")}\n`);
};
process.stderr.write(`loadavg ${la()}\n`);
try {
  for (const c of pick(TARGET_CASES)) {
    const target = await startHostileTarget(c.kind);
    for (const command of TARGET_COMMANDS) {
      const scratch = join(dir, c.name, command);
      mkdirSync(scratch, { recursive: true });
      const planned = planTargetCase(c, command, target, scratch, reference);
      const outcome = await runCli(spawned(planned));
      const problems = problemsOf(c, command, outcome, readReports(planned.reportDir), target);
      const result = problems.length === 0 ? "held" : `BROKE: ${problems.join("; ").slice(0, 200)}`;
      const cells = [c.name, command, c.exits[command].join("/"), String(shellExit(outcome))];
      row([...cells, (outcome.wallMs / 1000).toFixed(1), String(outcome.peakMiB), result]);
    }
    await target.close();
  }
  for (const c of pick([...HOSTILE_CASES, ...STALL_DEFAULTS, VALIDATE_HUGE])) {
    const prepared = await c.prepare(dir);
    const outcome = await runCli({ limitMs: 300_000, ...prepared });
    await prepared.cleanup?.();
    const reports = readReports(prepared.reportDir);
    const got = shellExit(outcome);
    const problems = [
      ...(c.exits.includes(got) ? [] : [`exit ${got}, expected ${c.exits.join(" or ")}`]),
      ...(outcome.timedOut ? ["killed at the time limit"] : []),
      ...falsePass(outcome, reports),
      ...(prepared.verify?.(outcome, reports) ?? []),
    ];
    const result = problems.length === 0 ? "held" : `BROKE: ${problems.join("; ").slice(0, 200)}`;
    const command = prepared.args[0] ?? "";
    row([
      c.name,
      command,
      c.exits.join("/"),
      String(got),
      (outcome.wallMs / 1000).toFixed(1),
      String(outcome.peakMiB),
      result,
      "",
    ]);
  }
} finally {
  await reference.close();
  rmSync(dir, { recursive: true, force: true });
}

const header = ["case", "command", "expected exit", "exit", "wall s", "peak MiB", "result"];
const table = [header, header.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
process.stdout.write(`${table}\nloadavg ${la()}\n`);
