/**
 * `npm run mutation [-- PART… | --mutate GLOB…] [STRYKER FLAGS…]`: Stryker on the reference server, one part
 * after another (parts in mutation/parts.mjs: validate, ops, http, core; default all four), each with its own
 * incremental file and reports under reports/mutation/<part>/, then a table of the counts per part.
 * `--mutate GLOB` runs those files as a part of their own (named after the glob); `--summary` only prints the
 * table from the reports already there. Other flags go to Stryker unchanged (`--force`, `--concurrency 2`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { PARTS, partOf } from "../mutation/parts.mjs";

/** A part to run: its name (report directory), mutate patterns and the part whose suite order it takes. */
type Part = { name: string; mutate: string[]; order: string };

const args = process.argv.slice(2);
const parts: Part[] = [];
const passThrough: string[] = [];
let summaryOnly = false;
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === "--summary") summaryOnly = true;
  else if (arg === "--mutate" || arg === "-m") {
    const globs = (args[++i] ?? "").split(",").filter(Boolean);
    parts.push({
      name: globs.join("+").replace(/[^A-Za-z0-9.-]+/g, "_"),
      mutate: globs,
      order: partOf(globs),
    });
  } else if (arg in PARTS) parts.push({ name: arg, mutate: PARTS[arg as keyof typeof PARTS], order: arg });
  else passThrough.push(arg);
}
if (parts.length === 0)
  for (const [name, mutate] of Object.entries(PARTS)) parts.push({ name, mutate, order: name });

const dirOf = (part: Part) => `reports/mutation/${part.name}`;

if (!summaryOnly) {
  for (const part of parts) {
    const mutate = [...part.mutate, "!**/*.test.ts", "!**/test-support/**"];
    process.stdout.write(`\n== part ${part.name}: ${part.mutate.join(" ")}\n`);
    const started = Date.now();
    const result = spawnSync("npx", ["stryker", "run", "mutation/stryker.config.mjs", ...passThrough], {
      stdio: "inherit",
      env: {
        ...process.env,
        CBCHECK_MUTATION_DIR: dirOf(part),
        CBCHECK_MUTATION_PART: part.order,
        CBCHECK_MUTATION_MUTATE: JSON.stringify(mutate),
      },
    });
    process.stdout.write(`== part ${part.name}: ${Math.round((Date.now() - started) / 1000)} s wall\n`);
    if (result.status !== 0) process.exit(result.status ?? 2);
  }
}

/** Status counts of one Stryker JSON report (mutation-testing-report-schema). */
function countsOf(file: string): Record<string, number> {
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    files: Record<string, { mutants: { status: string }[] }>;
  };
  const counts: Record<string, number> = {};
  for (const f of Object.values(report.files))
    for (const m of f.mutants) counts[m.status] = (counts[m.status] ?? 0) + 1;
  return counts;
}

const STATUSES = ["Killed", "Timeout", "Survived", "NoCoverage", "RuntimeError", "CompileError", "Ignored"];
const rows = [
  `| part | mutants | ${STATUSES.join(" | ")} | score |`,
  `|---|---|${STATUSES.map(() => "---|").join("")}---|`,
];
for (const part of parts) {
  const file = `${dirOf(part)}/mutation.json`;
  if (!existsSync(file)) {
    rows.push(`| ${part.name} | no report (${file}) |`);
    continue;
  }
  const c = countsOf(file);
  const n = (s: string) => c[s] ?? 0;
  const detected = n("Killed") + n("Timeout");
  const valid = detected + n("Survived") + n("NoCoverage");
  const total = Object.values(c).reduce((a, b) => a + b, 0);
  const score = valid === 0 ? "—" : `${((100 * detected) / valid).toFixed(1)} %`;
  rows.push(`| ${part.name} | ${total} | ${STATUSES.map(n).join(" | ")} | ${score} |`);
}
process.stdout.write(`\n${rows.join("\n")}\n`);
