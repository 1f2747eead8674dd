/**
 * Finds a load profile by built-in name (suites/load/<name>.json) or by file path, and validates it
 * against schemas/load-profile.schema.json. Bad input is a HarnessError (exit 2), never a stack trace.
 */
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { validateAs } from "../contract/registry.js";
import { HarnessError } from "../errors.js";
import { FILE_LIMITS, readCappedFileSync } from "../read-capped-file.js";
import type { LoadProfile } from "./profile.js";

/** Directory of the built-in profiles: `src/load` (tsx) and `dist/load` (built) both sit two levels down. */
function builtInProfileDir(): string {
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

/** Loads a profile: a built-in name (`latency`) or a path to a JSON file. */
export function loadProfile(nameOrFile: string): LoadProfile {
  const isPath = isProfileFile(nameOrFile);
  const file = isPath ? nameOrFile : `${builtInProfileDir()}${nameOrFile}.json`;
  if (!isPath && !existsSync(file)) {
    const known = builtInProfileNames().join(", ");
    throw new HarnessError(
      "CB_USAGE",
      `unknown load profile "${nameOrFile}" (built in: ${known}; or give a .json file)`,
    );
  }
  const text = readCappedFileSync(file, FILE_LIMITS.profile, "load profile");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new HarnessError("CB_INPUT_NOT_JSON", `cannot read load profile ${file}: ${why}`);
  }
  const violations = validateAs("load-profile", value);
  if (violations.length > 0) {
    const first = violations[0];
    throw new HarnessError(
      "CB_INPUT_INVALID",
      `load profile ${file} is invalid at ${first.pointer || "/"}: ${first.message}` +
        (violations.length > 1 ? ` (and ${violations.length - 1} more)` : ""),
    );
  }
  return value as LoadProfile;
}
