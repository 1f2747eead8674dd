/**
 * The built-in load profiles by name (suites/load/<name>.json) and whether `--profile` names a file: what
 * `cbcheck load --help` and its flags need, without the schema validation of a profile (load-profile-file.ts).
 */
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { HarnessError } from "../errors.js";

/** Directory of the built-in profiles: `src/load` (tsx) and `dist/load` (built) both sit two levels down. */
export function builtInProfileDir(): string {
  const dir = fileURLToPath(new URL("../../suites/load/", import.meta.url));
  if (!existsSync(dir))
    throw new HarnessError("CB_FILE_UNREADABLE", `built-in load profiles not found in ${dir}`);
  return dir;
}

/** Names of the built-in profiles, in the order `cbcheck load` runs them. */
export function builtInProfileNames(): string[] {
  const names = readdirSync(builtInProfileDir())
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.replace(/\.json$/, ""));
  // rate-limit last: its burst fills the target's window, which would throttle the profiles after it.
  const order = ["latency", "batch-limits", "rate-limit"];
  return names.sort((a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b));
}

function rank(order: string[], name: string): number {
  const i = order.indexOf(name);
  return i === -1 ? order.length : i;
}

/** Whether `--profile` names a file (it has a `/` or ends in `.json`) rather than a built-in profile. */
export function isProfileFile(nameOrFile: string): boolean {
  return nameOrFile.includes("/") || nameOrFile.endsWith(".json");
}
