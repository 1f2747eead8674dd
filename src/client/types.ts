/**
 * Shapes the reference client sends and receives (contract, Resources and Endpoints).
 * Responses come from `src/contract/types.gen.ts`; request options are typed here.
 */

/** The four extension names (contract, Extensions). */
export const EXTENSION_NAMES = ["financial_history", "subunits", "web_identities", "group_parent"] as const;

/** One extension name. */
export type ExtensionName = (typeof EXTENSION_NAMES)[number];

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
