/**
 * The random phase: valid requests of one operation as one fast-check arbitrary, compiled from the request
 * schema (compile/arbitrary.ts) with the overrides where data matters (operation-inputs.ts). Every value keeps
 * to what cbcheck prefers, so every request is valid. Basic reads everywhere; reads of the dataset that costs
 * credits (`influencer`, of influencer ids) one in five, and only when credits may be spent (Limits 3).
 */
import fc from "fast-check";
import { preferredOf } from "../contract/canonical-schema.js";
import { sharedRegistry } from "../contract/registry.js";
import type { SchemaRegistry } from "../contract/schema-registry.js";
import { Lru } from "../lru.js";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { arbitraryOf } from "./compile/arbitrary.js";
import { encodeRequest } from "./encode-request.js";
import { type GenerateOptions, generationKey } from "./generate-options.js";
import type { GeneratedOperation } from "./generated-operation.js";
import { type OperationInputs, operationInputs } from "./operation-inputs.js";

/** The bare request of an operation without parameters (GET /me; GET /capabilities: "not shown"). */
const BARE: Record<"me" | "capabilities", PlannedRequest> = {
  me: { operation: "me", method: "GET", path: "/me" },
  capabilities: { operation: "capabilities", method: "GET", path: "/capabilities" },
};

/** Arbitraries made with the shared registry, by what built them: a run's plan and its rounds read the same. */
const MADE = new Lru<string, fc.Arbitrary<PlannedRequest>>(12);

/** Valid requests of one operation, from the target's fixtures. */
export function validRequests(
  operation: GeneratedOperation,
  fixtures: TargetFixtures,
  opts: GenerateOptions,
  registry?: SchemaRegistry,
): fc.Arbitrary<PlannedRequest> {
  if (operation === "me" || operation === "capabilities") return fc.constant(BARE[operation]);
  if (registry) return compile(operation, fixtures, opts, registry);
  // An arbitrary is a pure description (fast-check draws from the seed each run gives it): one compiled from
  // the schema serves every later caller, which the plan, each round and the alternate base URL all are.
  return MADE.get(generationKey(operation, fixtures, opts), () =>
    compile(operation, fixtures, opts, sharedRegistry()),
  );
}

function compile(
  operation: Exclude<GeneratedOperation, "me" | "capabilities">,
  fixtures: TargetFixtures,
  opts: GenerateOptions,
  registry: SchemaRegistry,
): fc.Arbitrary<PlannedRequest> {
  const inputs = operationInputs(operation, fixtures, opts, registry);
  const hasDataset = inputs.schema.properties?.dataset !== undefined;
  const basicOverrides = hasDataset
    ? { ...inputs.overrides, "/dataset": { arbitrary: () => fc.constant("basic") } }
    : inputs.overrides;
  const basic = requestsOf(inputs, arbitraryOf(preferredOf(inputs.schema), basicOverrides));
  if (!hasDataset || !opts.allowCredits || fixtures.influencer_ids.length === 0) return basic;
  // Influencer reads of influencer ids only, with no other parameter: each record costs a credit.
  const ids = fixtures.influencer_ids;
  const value =
    "ids" in (inputs.schema.properties ?? {})
      ? fc
          .uniqueArray(fc.constantFrom(...ids), {
            minLength: 1,
            maxLength: Math.min(ids.length, 25),
            size: "max",
          })
          .map((v) => ({ ids: v }))
      : fc.constantFrom(...ids).map((id) => ({ id }));
  const influencer = requestsOf(
    inputs,
    value.map((v) => ({ ...v, dataset: "influencer" })),
  );
  return fc.oneof({ arbitrary: basic, weight: 4 }, { arbitrary: influencer, weight: 1 });
}

/** The planned requests of decoded values (the preferred values always have a wire form). */
function requestsOf(inputs: OperationInputs, values: fc.Arbitrary<unknown>): fc.Arbitrary<PlannedRequest> {
  return values.map((value) => encodeRequest(inputs.operation, inputs.schema, value) as PlannedRequest);
}
