/**
 * Which files of schemas/ encode the contract cb/v1; the others (fixtures, load-profile, report) describe
 * cbcheck's own files.
 */

import type { SchemaName } from "./types.gen.js";

/** The schemas that encode the contract (each has fixtures in fixtures/schemas/). */
export const CONTRACT_SCHEMAS: readonly SchemaName[] = Object.freeze([
  "batch-request",
  "edge",
  "entities-response",
  "entity-get-request",
  "envelope",
  "error",
  "extensions",
  "identifiers",
  "influencer-node",
  "influencer-response",
  "me",
  "node",
  "numeric",
  "org-payload",
  "resolve-candidate",
  "resolve-request",
  "resolve-response",
]);
