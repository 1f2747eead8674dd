/**
 * Shapes the reference client sends and receives (contract, Resources and Endpoints).
 * Responses come from `src/contract/types.gen.ts`; request options are typed here.
 */

import type { EntityGetRequest } from "../contract/types.gen.js";
import { EXTENSION_NAMES as NAMES } from "../contract/vocabulary.js";

/** One extension name (contract, Extensions). */
export type ExtensionName = NonNullable<EntityGetRequest["extend"]>[number];

/** The four extension names, as the schemas list them. */
export const EXTENSION_NAMES = NAMES as readonly ExtensionName[];

/** Contract response shapes, generated from the schemas (`npm run gen:types`). */
export type {
  EntitiesData,
  EntitiesResponse,
  Me,
  Node as CbNode,
  ResolveCandidate,
  ResolveResponse,
} from "../contract/types.gen.js";

/** Options common to entity reads (contract, GET /entities/{id} and POST /entities/batch). */
export interface EntityReadOptions {
  dataset?: "basic" | "influencer";
  include?: string[];
  extend?: ExtensionName[];
  as_of?: string;
  cursor?: Array<string | number> | null;
}

/** Body of `POST /entities/batch`: only these properties are allowed. */
export interface BatchRequest extends EntityReadOptions {
  ids: string[];
}

/** Options of `GET /resolve`. */
export interface ResolveOptions {
  types?: string[] | null;
  limit?: number;
}
