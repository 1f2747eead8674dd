/**
 * The coverage walk of one parameter: its valid values (positive-values.ts), then its open ones
 * (open-values.ts), then its invalid ones (negative-values.ts), each value once, first tag kept.
 */
import { type CanonicalSchema, preferredOf } from "../../contract/canonical-schema.js";
import { type CoverageValue, distinctValues, type Walk } from "./coverage-value.js";
import { negativeValues } from "./negative-values.js";
import { openValues } from "./open-values.js";
import { positiveValues } from "./positive-values.js";

/** Every coverage value of the place `schema` (canonical, with its preferences) stands for. */
export function coverageOf(schema: CanonicalSchema, walk: Walk): CoverageValue[] {
  return distinctValues([
    ...positiveValues(preferredOf(schema), walk),
    ...openValues(schema, walk),
    ...negativeValues(schema, walk),
  ]);
}
