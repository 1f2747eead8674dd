/** `types` for GET /resolve: a JSON array of at most 20 node types, or null (Endpoints / GET /resolve). */
import fc from "fast-check";
import { BOUNDS, RESOLVE_NODE_TYPES } from "./bounds.js";

/** Arrays of resolve node types (allowed item values are not shown, so only documented types are used), or null. */
export function resolveTypes(): fc.Arbitrary<string[] | null> {
  const list = fc.array(fc.constantFrom<string>(...RESOLVE_NODE_TYPES), { maxLength: BOUNDS.typesItems.max });
  return fc.oneof({ arbitrary: list, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 });
}
