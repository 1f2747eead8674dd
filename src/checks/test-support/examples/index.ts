/** Every check's examples, keyed by check id. */
import { BEHAVIOUR_EXAMPLES } from "./behaviour.js";
import { ENTITY_EXAMPLES } from "./entities.js";
import type { CheckExample } from "./example.js";
import { EXTENSION_EXAMPLES } from "./extensions.js";
import { HTTP_ERROR_EXAMPLES } from "./http-errors.js";
import { RESOLVE_ENVELOPE_EXAMPLES } from "./resolve-envelope.js";

export type { CheckExample } from "./example.js";

/** A passing exchange and a seeded violation for every check in the catalogue. */
export const EXAMPLES: Record<string, CheckExample> = {
  ...RESOLVE_ENVELOPE_EXAMPLES,
  ...ENTITY_EXAMPLES,
  ...EXTENSION_EXAMPLES,
  ...HTTP_ERROR_EXAMPLES,
  ...BEHAVIOUR_EXAMPLES,
};
