/**
 * The enumerations of contract cb/v1 as read from the schemas (node types, resolve types, datasets,
 * extension names, …), so generators and checks use the same lists the validator enforces.
 */
import { nodeTypesOf } from "./node-types.js";
import { getSchema } from "./registry.js";
import { schemaEnumAt } from "./schema-value.js";

/** Node types of entity reads: "Node types on resolve … Entity reads may also return …" (node.schema.json). */
export const NODE_TYPES: readonly string[] = Object.freeze(nodeTypesOf(getSchema("node")));

/** Node types on resolve (resolve-candidate.schema.json `type` enum). */
export const RESOLVE_NODE_TYPES = schemaEnumAt("resolve-candidate", "/properties/type/enum");

/** `dataset` values: `basic` (default) or `influencer`. */
export const DATASETS = schemaEnumAt("entity-get-request", "/properties/dataset/enum");

/** `extend` items: `financial_history`, `subunits`, `web_identities`, `group_parent`. */
export const EXTENSION_NAMES = schemaEnumAt("entity-get-request", "/properties/extend/items/enum");

/** `cost.unit_type` values: `record`, `premium_record`. */
export const UNIT_TYPES = schemaEnumAt("envelope", "/properties/cost/properties/unit_type/enum");

/** Edge `props.evidence_level` values (null also allowed). */
export const EVIDENCE_LEVELS = schemaEnumAt("edge", "/properties/props/properties/evidence_level/enum");
