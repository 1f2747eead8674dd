/**
 * The precompiled validators of the shipped schemas/ (generated/validators.cjs, `npm run gen:validators`):
 * loaded, not compiled, so that a process or worker that validates starts in milliseconds instead of
 * seconds. Used only over schemas/ itself and only while its files are the ones the validators were made of.
 */
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { ValidateFunction } from "ajv/dist/2020.js";
import type { RegistryFormats } from "./formats/registry-formats.js";
import { SCHEMAS_DIR, type SchemaFile, schemasDigest } from "./schema-files.js";

/** The object at `path` of schema file `file` (of its preferred view when `view`), as a registry holds it. */
export type SchemaAt = (file: string, path: readonly string[], view: boolean) => unknown;

/** Validators by the key ajv knows their schema under (its `$id`, or the preferred view's). */
export type ValidatorsByKey = Readonly<Record<string, ValidateFunction>>;

/** What generated/validators.cjs exports. */
export interface Precompiled {
  /** The digest (`schemasDigest`) of the schemas the validators were made of. */
  SCHEMAS_DIGEST: string;
  /** The first-error validators, over the registry's formats. */
  fastValidators(formats: RegistryFormats): ValidatorsByKey;
  /** The every-error (verbose) validators, over the registry's formats and its own schema objects. */
  fullValidators(formats: RegistryFormats, at: SchemaAt): ValidatorsByKey;
}

/** Where the generated module lies: beside schemas/, found the same way from src/ and from dist/. */
export const PRECOMPILED_FILE: string = fileURLToPath(
  new URL("../../generated/validators.cjs", import.meta.url),
);

let loaded: Precompiled | undefined;

/**
 * The precompiled validators when `files` are the shipped schemas/ exactly as they were generated from (the
 * digest guards against a schema edited without `npm run gen:validators`: the registry then compiles).
 */
export function precompiledFor(
  dir: string | undefined,
  files: readonly SchemaFile[],
): Precompiled | undefined {
  if (dir !== undefined && dir !== SCHEMAS_DIR) return undefined;
  // Node's own require: the module is plain CommonJS, read as it is (no loader or test runner transforms it).
  loaded ??= createRequire(import.meta.url)(PRECOMPILED_FILE) as Precompiled;
  return loaded.SCHEMAS_DIGEST === schemasDigest(files) ? loaded : undefined;
}
