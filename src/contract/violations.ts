/**
 * Turns ajv errors into `SchemaViolation`s: plain data with a JSON pointer into the value, the keyword,
 * the file and place of the rule, and a message that names the offending property or value.
 */
import type { ErrorObject } from "ajv/dist/2020.js";
import { renderJson } from "../bounded-json.js";
import { escapePointer, type SchemaLocations } from "./schema-locations.js";

/** One schema violation as plain data. */
export interface SchemaViolation {
  /** JSON pointer into the validated value, e.g. `/data/entities/0/payload/employees`. */
  pointer: string;
  /** ajv keyword that failed, e.g. `type`, `maxItems`, `additionalProperties`. */
  keyword: string;
  /** Path inside the schema, e.g. `node.schema.json#/$defs/person-payload/properties/birth_year/type`. */
  schemaPath: string;
  message: string;
  /** ajv's error parameters, e.g. `{ missingProperty: "code" }` or `{ additionalProperty: "extra" }`. */
  params?: Record<string, unknown>;
}

/** Converts one ajv error (from a `verbose` validator, so `parentSchema` is set). */
export function toViolation(error: ErrorObject, locations: SchemaLocations): SchemaViolation {
  const params = error.params as Record<string, unknown>;
  let pointer = error.instancePath;
  // A bad discriminator value is a fault of the tag property, not of the whole object.
  if (error.keyword === "discriminator" && params.tagValue !== undefined && typeof params.tag === "string") {
    pointer += "/" + escapePointer(params.tag);
  }
  const parent = error.parentSchema ? locations.get(error.parentSchema) : undefined;
  const schemaPath = parent ? `${parent}/${escapePointer(error.keyword)}` : error.schemaPath;
  return { pointer, keyword: error.keyword, schemaPath, message: describe(error, params), params };
}

function describe(error: ErrorObject, params: Record<string, unknown>): string {
  const message = error.message ?? error.keyword;
  switch (error.keyword) {
    case "additionalProperties":
      return `${message}: "${String(params.additionalProperty)}"`;
    case "propertyNames":
      return `${message}: "${String(params.propertyName)}"`;
    case "enum":
      return `${message}: ${JSON.stringify(params.allowedValues)}`;
    case "discriminator":
      return params.tagValue === undefined ? message : `${message} (got ${renderJson(params.tagValue)})`;
    default:
      return message;
  }
}
