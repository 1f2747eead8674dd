/**
 * The hostile matrix as a benchmark: every case of `src/cli/test-support/hostile-cases.ts` run once against
 * the real CLI, one after another, recording exit code (expected and got), wall time, the CLI's peak
 * resident memory, and whether it held (exit code, no false PASS, the case's own promises such as no key
 * in any output). `npx tsx bench/hostile.ts [case…]` runs only the named cases. The stall and signal cases
 * use their own timeouts; `stall-default` adds the default 10 s timeout to show a dead target ending
 * within about a minute.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
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
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const header = ["case", "item", "expected exit", "exit", "wall s", "peak MiB", "result", "awaits"];
const table = [header, header.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
process.stdout.write(`${table}\n`);
