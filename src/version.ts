/**
 * The version and licence of cbcheck, read once from package.json: the one place that reads it (reports,
 * `--version`, the OpenAPI document's `info.license`).
 */
import { readFileSync } from "node:fs";

const PACKAGE = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
  license: string;
};

/** The package version, e.g. `0.1.0` (package.json sits one level above both `src/` and `dist/`). */
export const VERSION: string = PACKAGE.version;

/** The package's SPDX licence identifier, e.g. `MIT`. */
export const LICENSE: string = PACKAGE.license;
