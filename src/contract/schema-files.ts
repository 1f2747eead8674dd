/**
 * Reads every `*.schema.json` in schemas/ once. The directory is found relative to this file so that the
 * same code works from `src/` (tsx, vitest) and from `dist/` (the published package ships `schemas/`).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { HarnessError } from "../errors.js";

/** A JSON Schema document as parsed from its file (read-only: it is shared by every caller). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** One schema file: its name (file name without `.schema.json`), path and parsed content. */
export interface SchemaFile {
  name: string;
  path: string;
  schema: JsonSchema;
}

/** The schemas/ directory of this package. */
export const SCHEMAS_DIR: string = fileURLToPath(new URL("../../schemas/", import.meta.url));

const SUFFIX = ".schema.json";

/** Reads and parses every schema file, sorted by name; an unreadable or non-JSON file is a harness error. */
export function readSchemaFiles(dir: string = SCHEMAS_DIR): SchemaFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith(SUFFIX));
  } catch (cause) {
    throw new HarnessError("CB_SCHEMAS_MISSING", `cannot read the schemas directory ${dir}`, { cause });
  }
  return names.sort().map((file) => {
    const path = dir + file;
    let schema: unknown;
    try {
      schema = JSON.parse(readFileSync(path, "utf8"));
    } catch (cause) {
      throw new HarnessError("CB_SCHEMA_INVALID", `schemas/${file} is not readable JSON`, { cause });
    }
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
      throw new HarnessError("CB_SCHEMA_INVALID", `schemas/${file} is not a JSON object`);
    }
    return { name: file.slice(0, -SUFFIX.length), path, schema: deepFreeze(schema as JsonSchema) };
  });
}

/**
 * A digest of the files' names and parsed content (not their layout): the precompiled validators name the
 * digest of the schemas they were generated from, and are used only over files with the same one.
 */
export function schemasDigest(files: readonly SchemaFile[]): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(JSON.stringify([file.name, file.schema])).update("\n");
  return hash.digest("hex");
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
