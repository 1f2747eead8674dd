/**
 * The version of cbcheck, read once from package.json: the one place that reads it (reports, `--version`).
 */
import { readFileSync } from "node:fs";

/** The package version, e.g. `0.1.0` (package.json sits one level above both `src/` and `dist/`). */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
