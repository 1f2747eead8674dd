/** `include` for entity reads: at most 30 predicate names, or `["*"]` for all (Endpoints / GET /entities/{id}). */
import fc from "fast-check";
import { BOUNDS } from "./bounds.js";
import { predicateName } from "./predicate-name.js";

/** Lists of predicate names within the documented maximum, or the all-predicates wildcard. */
export function includeList(): fc.Arbitrary<string[]> {
  const names = fc.array(predicateName(), { maxLength: BOUNDS.includeItems.max });
  return fc.oneof({ arbitrary: names, weight: 3 }, { arbitrary: fc.constant<string[]>(["*"]), weight: 1 });
}
