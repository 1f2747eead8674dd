import {
  type CollectedViolations,
  collectViolations,
  isValidAs,
  type SchemaName,
} from "../contract/registry.js";
import type { Exchange } from "../transport/exchange.js";
import type { Check, CheckFailure } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { show } from "./support/json.js";
import { valueAt } from "./support/pointer.js";

const MAX_REPORTED = 50;

/** Every schema `schemaFor` names. */
const RESPONSE_SCHEMAS: readonly SchemaName[] = [
  "error",
  "resolve-response",
  "entities-response",
  "influencer-response",
  "me",
];

/**
 * Readies the validators of the schemas this check validates against now rather than on the first response:
 * loading the precompiled ones takes milliseconds, compiling them (schemas/ changed without
 * `npm run gen:validators`) a good part of a second, which a caller can spend while something else starts.
 */
export function precompileResponseSchemas(): void {
  for (const name of RESPONSE_SCHEMAS) {
    try {
      isValidAs(name, null);
    } catch {
      // A schema that does not compile is reported by the check, on the response it cannot judge.
    }
  }
}

/**
 * The schema a response body must match, by operation, dataset and status; undefined where the contract
 * shows no shape (usage, search, traversals, capabilities, 2xx other than 200).
 */
function schemaFor(exchange: Exchange): SchemaName | undefined {
  const status = exchange.response?.status;
  if (status === undefined) return undefined;
  if (status >= 400) return "error";
  if (status !== 200) return undefined;
  switch (exchange.operation) {
    case "resolve":
      return "resolve-response";
    case "entity-get":
    case "entity-batch":
      return requestView(exchange).dataset === "influencer" ? "influencer-response" : "entities-response";
    case "me":
      return "me";
    default:
      return undefined;
  }
}

/** `response.schema`: the body matches the contract shape for its operation, dataset and status. */
export const responseSchema: Check = {
  id: "response.schema",
  section: "Resources and their fields; Endpoints",
  sentence:
    "All envelope fields are required; no other fields appear. (and every field table of the contract)",
  level: "fail or warn",
  appliesTo: (x) => x.response?.json !== undefined && schemaFor(x) !== undefined,
  run(x) {
    const name = schemaFor(x);
    const body = x.response?.json;
    if (name === undefined || body === undefined) return [];
    let collected: CollectedViolations;
    try {
      collected = collectViolations(name, body, MAX_REPORTED);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return [
        failure(responseSchema, {
          title: `schema ${name} could not be applied: ${message}`,
          severity: "warning",
        }),
      ];
    }
    const out: CheckFailure[] = collected.violations.map((v) =>
      failure(responseSchema, {
        title: `${name}: ${v.message}`,
        pointer: v.pointer,
        expected: `${v.keyword} (${v.schemaPath})`,
        received: show(valueAt(body, v.pointer)),
      }),
    );
    if (!collected.isComplete)
      out.push(
        failure(responseSchema, {
          title: `${name}: more schema violations not listed (the first ${out.length} shown)`,
        }),
      );
    return out;
  },
};
