/**
 * The contract numbers and names the generators need, as read from the schemas by src/contract
 * (limits.ts, vocabulary.ts): one place, so that a generator never repeats a number.
 */
import { LIMITS } from "../contract/limits.js";
import { DATASETS, EXTENSION_NAMES, RESOLVE_NODE_TYPES } from "../contract/vocabulary.js";

/** Bounds of the request parameters (Endpoints; Limits). */
export const BOUNDS = {
  queryLength: { min: LIMITS.queryMinLength, max: LIMITS.queryMaxLength },
  typesItems: { max: LIMITS.typesMax },
  limit: { min: LIMITS.resolveLimitMin, max: LIMITS.resolveLimitMax },
  includeItems: { max: LIMITS.includeMax },
  extendItems: { max: LIMITS.extendMax },
  cursorItems: { max: LIMITS.cursorItemsMax },
  cursorStringLength: { max: LIMITS.cursorItemMaxLength },
  batchIds: { min: LIMITS.idsPerBatchMin, max: LIMITS.idsPerBatchMax },
  idLength: { min: LIMITS.idMinLength, max: LIMITS.idMaxLength },
} as const;

/**
 * Extension names (`extend` items), datasets, and the node types on resolve — the safe values for `types`,
 * whose allowed item values are "not shown".
 */
export { DATASETS, EXTENSION_NAMES, RESOLVE_NODE_TYPES };
