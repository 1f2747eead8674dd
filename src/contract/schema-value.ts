/**
 * Reads one value out of a loaded schema by JSON pointer, so that numbers and enumerations the schemas
 * hold are defined once (in schemas/) and only read elsewhere.
 */
import { HarnessError } from "../errors.js";
import { getSchema, type SchemaName } from "./registry.js";

/** The value at `pointer` inside schema `name`; a missing place is a harness error (the schema changed shape). */
export function schemaValueAt(name: SchemaName, pointer: string): unknown {
  let value: unknown = getSchema(name);
  for (const raw of pointer.split("/").slice(1)) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof value !== "object" || value === null || !(token in value)) {
      throw new HarnessError("CB_SCHEMA_INVALID", `schemas/${name}.schema.json has nothing at ${pointer}`);
    }
    value = (value as Record<string, unknown>)[token];
  }
  return value;
}

/** The number at `pointer` inside schema `name` (e.g. a `maxItems`). */
export function schemaNumberAt(name: SchemaName, pointer: string): number {
  const value = schemaValueAt(name, pointer);
  if (typeof value !== "number") {
    throw new HarnessError("CB_SCHEMA_INVALID", `schemas/${name}.schema.json#${pointer} is not a number`);
  }
  return value;
}

/** The string enumeration at `pointer` inside schema `name` (nulls of nullable enums left out). */
export function schemaEnumAt(name: SchemaName, pointer: string): readonly string[] {
  const value = schemaValueAt(name, pointer);
  if (!Array.isArray(value)) {
    throw new HarnessError("CB_SCHEMA_INVALID", `schemas/${name}.schema.json#${pointer} is not an enum`);
  }
  return Object.freeze(value.filter((v): v is string => typeof v === "string"));
}
