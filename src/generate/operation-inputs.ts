/**
 * What generation needs of one operation besides its request schema: the overrides where data matters
 * (fixture-overrides.ts), the values of the required parameters a case leaves alone, and the rule for the
 * dataset that costs credits — `influencer` reads go to influencer ids, and only when credits may be spent
 * ("The influencer dataset … costs 1 beta credit per delivered record", Limits 3).
 */
import { type CanonicalSchema, canonicalSchema, preferredOf } from "../contract/canonical-schema.js";
import { type RequestOperation, requestOperation, wireFormOf } from "../contract/request-operations.js";
import type { SchemaRegistry } from "../contract/schema-registry.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import type { Overrides } from "./compile/overrides.js";
import { positiveValues } from "./compile/positive-values.js";
import { idOverride, predicateOverride, queryOverride } from "./fixture-overrides.js";
import type { GenerateOptions } from "./generate-options.js";

/** One operation's inputs to generation. */
export interface OperationInputs {
  operation: RequestOperation;
  /** The canonical request schema, with its preferences. */
  schema: CanonicalSchema;
  overrides: Overrides;
  /** Values of the required parameters, for cases that probe another one. */
  baseline: Record<string, unknown>;
  /** The value a case sends (influencer reads get influencer ids), or undefined when it may not be sent. */
  adjust(value: Record<string, unknown>): Record<string, unknown> | undefined;
}

/** The inputs of an operation with a request schema. */
export function operationInputs(
  id: RequestOperation["id"],
  fixtures: TargetFixtures,
  opts: GenerateOptions,
  registry: SchemaRegistry,
): OperationInputs {
  const operation = requestOperation(id) as RequestOperation;
  const schema = canonicalSchema(registry, operation.schema);
  const ids = idOverride(fixtures);
  const overrides: Overrides = {
    "/query": queryOverride(fixtures),
    "/id": ids,
    "/ids/items": ids,
    "/include/items": predicateOverride,
  };
  let baseline: Record<string, unknown> | undefined;
  const baselineOf = (): Record<string, unknown> => {
    const made: Record<string, unknown> = {};
    for (const name of schema.required ?? []) {
      const property = schema.properties?.[name] ?? {};
      const walk = { overrides, pointer: `/${name}`, form: wireFormOf(operation, name, property) };
      made[name] = positiveValues(preferredOf(property), walk)[0]?.value;
    }
    return made;
  };
  const influencer = fixtures.influencer_ids[0];
  const adjust = (value: Record<string, unknown>) => {
    if (value.dataset !== "influencer") return value;
    if (!opts.allowCredits || influencer === undefined) return undefined;
    if ("ids" in value) return { ...value, ids: [influencer] };
    if ("id" in value) return { ...value, id: influencer };
    return value;
  };
  // The baseline on first read: the random phase (valid-requests.ts) never reads it, and every positive value of
  // a required array (fast-check fills) was most of the time a run spent planning the schema suite.
  return {
    operation,
    schema,
    overrides,
    get baseline() {
      baseline ??= baselineOf();
      return baseline;
    },
    adjust,
  };
}
