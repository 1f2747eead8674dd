/**
 * The one validator: every schema in schemas/ compiled once by ajv (strict) and cached by name.
 * (Stub: the foundation work fills this in; the signature is what the other layers use.)
 */

/** A schema file in schemas/, by its file name without `.schema.json`. */
export type SchemaName = string;

/** One schema violation as plain data. */
export interface SchemaViolation {
  /** JSON pointer into the validated value, e.g. `/data/entities/0/payload/employees`. */
  pointer: string;
  /** ajv keyword that failed, e.g. `type`, `maxItems`, `additionalProperties`. */
  keyword: string;
  /** Path inside the schema, e.g. `node.schema.json#/oneOf/0/properties/id/type`. */
  schemaPath: string;
  message: string;
}

/** Validates a value against a named schema; an empty array means valid. */
export function validateAs(_name: SchemaName, _value: unknown): SchemaViolation[] {
  throw new Error("registry not built yet");
}
