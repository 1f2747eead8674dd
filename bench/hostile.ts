/**
 * The hostile matrix as a benchmark: every case of `src/cli/test-support/hostile-cases.ts` run once against
 * the real CLI, one after another, recording exit code (expected and got), wall time, the CLI's peak
 * resident memory, and whether it held (exit code, no false PASS, the case's own promises such as no key
 * in any output). `npx tsx bench/hostile.ts [case…]` runs only the named cases. The stall and signal cases
 * use their own timeouts; `stall-default` adds the default 10 s timeout to show a dead target ending
 * within about a minute. Prints `loadavg` before and after, and for the two judging cases whether
 * they met their target: `wide-array-14MiB` (a 14 MiB body of `{}` items: within its 20 s deadline, under
 * 500 MiB; counted, never parsed) and `slow-to-judge` / `validate-slow-to-judge` (a body within every bound
 * that takes about 20 s to judge in-process: judged on the judging worker, ended at the 6 s deadline; 1 s for
 * validate, which judges it in about 5 s).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
  falsePass,
  HOSTILE_CASES,
  type HostileCase,
  readReports,
  shellExit,
} from "../src/cli/test-support/hostile-cases.js";
import { startHostileTarget } from "../src/cli/test-support/hostile-targets.js";
import { runCli } from "../src/cli/test-support/run-cli-case.js";

const STALL_DEFAULT: HostileCase = {
  name: "stall-default",
  item: "§6",
  exits: [1],
  prepare: async (dir) => {
    const target = await startHostileTarget("stall");
    const out = join(dir, "reports-stall-default");
    return {
      args: [
        "run",
        "--base-url",
        target.baseUrl,
        "--fixtures",
        "fixtures/targets/example.json",
        "--report-dir",
        out,
      ],
      env: { CB_API_KEY: "bench-key-0123456789" },
      reportDir: out,
      cleanup: () => target.close(),
    };
  },
};

const wanted = process.argv.slice(2);
const cases = [...HOSTILE_CASES, STALL_DEFAULT].filter((c) => wanted.length === 0 || wanted.includes(c.name));
const dir = mkdtempSync(join(tmpdir(), "cbcheck-bench-hostile-"));
const rows: string[][] = [];
const targets: string[] = [];
const la = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
process.stderr.write(`loadavg ${la()}\n`);
/** Judging cases with a time and memory target: name → deadline in seconds. */
const TARGETED: Record<string, number> = {
  "wide-array-14MiB": 20,
  "slow-to-judge": 6,
  "validate-slow-to-judge": 1,
};
try {
  for (const c of cases) {
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
    rows.push([
      c.name,
      c.item,
      c.exits.join("/"),
      String(got),
      (outcome.wallMs / 1000).toFixed(1),
      String(outcome.peakMiB),
      problems.length === 0 ? "held" : `BROKE: ${problems.join("; ")}`,
      c.awaits ?? "",
    ]);
    process.stderr.write(`${rows.at(-1)?.join(" | ")}\n`);
    const deadline = TARGETED[c.name];
    if (deadline !== undefined) {
      // The deadline counts from the command's start; node's start-up and writing the reports come on top.
      const met = outcome.wallMs < (deadline + 5) * 1000 && outcome.peakMiB < 500;
      targets.push(
        `${c.name}: ${(outcome.wallMs / 1000).toFixed(1)} s (deadline ${deadline} s, +5 s for start-up and reports), ` +
          `peak ${outcome.peakMiB} MiB (< 500): ${met ? "met" : "NOT met"}`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const header = ["case", "item", "expected exit", "exit", "wall s", "peak MiB", "result", "awaits"];
const table = [header, header.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
process.stdout.write(`${table}\n\n${targets.join("\n")}\nloadavg ${la()}\n`);
