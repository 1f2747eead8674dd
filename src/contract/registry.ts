/**
 * The one validator: every schema in schemas/ compiled by ajv (JSON Schema draft 2020-12, strict mode,
 * ajv-formats) — ahead of time by `npm run gen:validators`, and loaded (precompiled.ts) — and cached by name.
 * Schema names are the file names in schemas/ without `.schema.json`. Validation is fast when the value is
 * valid (first-error validator); only a failure pays for collecting every violation.
 */
import type { JsonSchema } from "./schema-files.js";
import {
  type CollectedViolations,
  createSchemaRegistry,
  MAX_VIOLATIONS,
  type SchemaRegistry,
} from "./schema-registry.js";
import type { SchemaName } from "./types.gen.js";
import type { SchemaViolation } from "./violations.js";

export type { JsonSchema } from "./schema-files.js";
export type { SchemaName } from "./types.gen.js";
export type { SchemaViolation } from "./violations.js";
export type { CollectedViolations, SchemaRegistry };
export { MAX_VIOLATIONS };

let registry: SchemaRegistry | undefined;

/** The registry over schemas/ that every function of this file uses (request-class.ts takes another in tests). */
export function sharedRegistry(): SchemaRegistry {
  registry ??= createSchemaRegistry();
  return registry;
}

const shared = sharedRegistry;

/**
 * Validates a value against a named schema; an empty array means valid. At most `max` violations (default
 * MAX_VIOLATIONS) are collected, from a bounded copy of a long body. Unknown name: `CB_UNKNOWN_SCHEMA`.
 */
export function validateAs(name: SchemaName, value: unknown, max?: number): SchemaViolation[] {
  return shared().validateAs(name, value, max);
}

/** Like `validateAs`, and says whether the list is complete (see `CollectedViolations`). */
export function collectViolations(name: SchemaName, value: unknown, max?: number): CollectedViolations {
  return shared().collectViolations(name, value, max);
}

/** Whether a value is valid against a named schema (first-error path only; no violations collected). */
export function isValidAs(name: SchemaName, value: unknown): boolean {
  return shared().isValidAs(name, value);
}

/** The parsed, frozen schema document of a name. Unknown name: `CB_UNKNOWN_SCHEMA`. */
export function getSchema(name: SchemaName): JsonSchema {
  return shared().getSchema(name);
}

/** Whether `name` is a schema file in schemas/ (for names from user input). */
export function isSchemaName(name: string): name is SchemaName {
  return shared().schemaNames().includes(name);
}

/** Names of every schema file in schemas/, sorted. */
export function schemaNames(): SchemaName[] {
  // The generated union lists the same files (src/contract/types-gen.test.ts fails when it is stale).
  return shared().schemaNames() as SchemaName[];
}
