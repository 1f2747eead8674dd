/**
 * What `cbcheck validate --as <kind>` accepts: every schema name, plus friendly aliases, and for the
 * response kinds the operation and status their semantic checks assume.
 */
import { isSchemaName, type SchemaName, schemaNames } from "../../contract/registry.js";
import { HarnessError } from "../../errors.js";
import type { OperationId } from "../../transport/exchange.js";

/** Friendly alias → schema name. */
const ALIASES: Readonly<Record<string, SchemaName>> = {
  resolve: "resolve-response",
  entities: "entities-response",
  influencer: "influencer-response",
  candidate: "resolve-candidate",
  org: "org-payload",
  "batch-body": "batch-request",
};

/** Response kinds: the operation and status a body of that kind answers (checks need both), and its dataset. */
const RESPONSE_KINDS: {
  readonly [S in SchemaName]?: { operation?: OperationId; status?: number; dataset?: Dataset };
} = {
  "resolve-response": { operation: "resolve", status: 200 },
  "entities-response": { operation: "entity-batch", status: 200, dataset: "basic" },
  "influencer-response": { operation: "entity-batch", status: 200, dataset: "influencer" },
  me: { operation: "me", status: 200 },
  envelope: { status: 200 },
  error: {},
};

/** The dataset an entity read asks for (GET /entities/{id}: `dataset`). */
export type Dataset = "basic" | "influencer";

/** A resolved `--as` kind. */
export interface Kind {
  schema: SchemaName;
  /** Whether semantic checks of responses apply (response kinds only). */
  isResponse: boolean;
  operation?: OperationId;
  status?: number;
  /** The dataset the kind means (`--as influencer`: the influencer dataset), for checks that need only it. */
  dataset?: Dataset;
}

/** Every accepted `--as` value, sorted. */
export function kindNames(): string[] {
  return [...new Set([...schemaNames(), ...Object.keys(ALIASES)])].sort();
}

/** Resolves `--as`; an unknown kind is a usage error listing the known ones. */
export function resolveKind(name: string): Kind {
  const schema = ALIASES[name] ?? name;
  if (!isSchemaName(schema))
    throw new HarnessError("CB_USAGE", `unknown --as kind "${name}" (known: ${kindNames().join(", ")})`);
  const response = RESPONSE_KINDS[schema];
  return { schema, isResponse: response !== undefined, ...response };
}
