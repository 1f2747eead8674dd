/** The words of a canonical schema (canonical-schema.ts): one schema with its keywords in one form each. */

/** A JSON type name. */
export type JsonType = "string" | "integer" | "number" | "boolean" | "null" | "array" | "object";

/** One schema, canonical (canonical-schema.ts). Absent keywords constrain nothing. */
export interface CanonicalSchema {
  /** The allowed types; absent: any. */
  types?: JsonType[];
  enum?: unknown[];
  /** `const` as a one-value list (a const of `undefined` cannot be written in JSON). */
  const?: [unknown];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: CanonicalSchema;
  properties?: Record<string, CanonicalSchema>;
  required?: string[];
  additionalProperties?: boolean;
  anyOf?: CanonicalSchema[];
  /** What our generator prefers within this schema (`x-cbcheck-preferred`); absent: no preference. */
  preferred?: CanonicalSchema;
  default?: { value: unknown };
}

/** Every JSON type, in the order a union lists them. */
export const ALL_TYPES: JsonType[] = ["string", "integer", "number", "boolean", "null", "array", "object"];
