/**
 * `npm run bench`: runs every benchmark script in bench/ one after another (never in parallel, so that
 * figures on a 2-core machine are not skewed by each other) and prints their figures.
 * Pass names to run only some: `npm run bench -- validate server`.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const wanted = process.argv.slice(2);
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "run-all.ts" && !f.endsWith(".test.ts"))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.ts$/, "")))
  .sort();

let failed = 0;
for (const script of scripts) {
  process.stdout.write(`\n=== bench/${script}\n`);
  const result = spawnSync(process.execPath, ["--import", "tsx", `${dir}${script}`], {
    stdio: "inherit",
    timeout: 10 * 60_000,
  });
  if (result.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
