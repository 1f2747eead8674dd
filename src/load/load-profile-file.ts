/**
 * Finds a load profile by built-in name (suites/load/<name>.json) or by file path, and validates it
 * against schemas/load-profile.schema.json. Bad input is a HarnessError (exit 2), never a stack trace.
 */
import { existsSync } from "node:fs";
import { validateAs } from "../contract/registry.js";
import { HarnessError } from "../errors.js";
import { FILE_LIMITS, readCappedFileSync } from "../read-capped-file.js";
import type { LoadProfile } from "./profile.js";
import { builtInProfileDir, builtInProfileNames, isProfileFile } from "./profile-names.js";

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
