/**
 * Which files of schemas/ encode the contract cb/v1; the others (fixtures, load-profile, monitor-event, monitor-state,
 * report) describe
 * cbcheck's own files.
 */
import { SCHEMA_NAMES, type SchemaName } from "./types.gen.js";

/** The schemas of cbcheck's own files: target fixtures, load profiles, monitor events and state, report.json. */
const TOOL_SCHEMAS: readonly SchemaName[] = [
  "fixtures",
  "load-profile",
  "monitor-event",
  "monitor-state",
  "report",
];

/** The schemas that encode the contract (each has fixtures in fixtures/schemas/). */
export const CONTRACT_SCHEMAS: readonly SchemaName[] = Object.freeze(
  SCHEMA_NAMES.filter((name) => !TOOL_SCHEMAS.includes(name)),
);
