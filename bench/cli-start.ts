/**
 * Start-up of the built CLI (`npm run build` first): what every spawned `cbcheck` pays before its command's
 * action runs — `--version`, `run --help`, `load --help`, an unknown command — beside a bare `node -e 1`.
 * The commands load their implementations only when their action runs (src/cli/start-up-imports.test.ts);
 * before that, `--version` took about 1.0 s of CPU on the team's 2-core machine, 0.15-0.2 s after.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const RUNS = 10;

const CASES: [label: string, args: string[]][] = [
  ["node -e 1 (floor)", ["-e", "1"]],
  ["cbcheck --version", [BIN, "--version"]],
  ["cbcheck run --help", [BIN, "run", "--help"]],
  ["cbcheck load --help", [BIN, "load", "--help"]],
  ["cbcheck frobnicate", [BIN, "frobnicate"]],
];

/** The median of `values`. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

if (!existsSync(BIN)) {
  console.error(`no ${BIN}: run npm run build first`);
  process.exit(1);
}
for (const [label, args] of CASES) {
  const walls: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    spawnSync(process.execPath, args, { stdio: "ignore" });
    walls.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  console.log(
    `${label.padEnd(22)} median ${median(walls).toFixed(0)} ms, min ${Math.min(...walls).toFixed(0)} ms (${RUNS} runs)`,
  );
}
