/** The optional parameters shared by GET /entities/{id} and POST /entities/batch, each present or absent. */
import fc from "fast-check";
import { asOf } from "./as-of.js";
import { cursorValue } from "./cursor-value.js";
import { extendList } from "./extend-list.js";
import { includeList } from "./include-list.js";

/** Decoded optional entity-read parameters (Endpoints / GET /entities/{id}; POST /entities/batch). */
export interface EntityOptions {
  dataset?: "basic" | "influencer";
  include?: string[];
  extend?: string[];
  as_of?: string;
  cursor?: (string | number)[] | null;
}

/** Basic-dataset options: every key independently present or absent. */
export function basicEntityOptions(): fc.Arbitrary<EntityOptions> {
  return fc.record(
    {
      dataset: fc.constant("basic" as const),
      include: includeList(),
      extend: extendList(),
      as_of: asOf(),
      cursor: cursorValue(),
    },
    { requiredKeys: [] },
  );
}

/** Query-string form: `dataset` and `as_of` as text, the arrays (and null cursor) as JSON text. */
export function encodeEntityQuery(options: EntityOptions): Record<string, string> {
  const query: Record<string, string> = {};
  if (options.dataset !== undefined) query.dataset = options.dataset;
  if (options.include !== undefined) query.include = JSON.stringify(options.include);
  if (options.extend !== undefined) query.extend = JSON.stringify(options.extend);
  if (options.as_of !== undefined) query.as_of = options.as_of;
  if (options.cursor !== undefined) query.cursor = JSON.stringify(options.cursor);
  return query;
}
