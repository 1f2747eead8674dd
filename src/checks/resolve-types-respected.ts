import { NODE_TYPES } from "../contract/vocabulary.js";
import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { arrayAt, isObject, pointer, show } from "./support/json.js";
import { okEnvelope } from "./support/response.js";

/** The `types` of a resolve request when it is a JSON array of node type names only, else undefined. */
function nodeTypesAsked(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.every((t) => typeof t === "string" && NODE_TYPES.includes(t)) ? value : undefined;
}

/**
 * `resolve.types_respected`: with `types` naming node types, candidates are of those types. The contract
 * names the parameter but shows neither its allowed values nor, in words, that it filters, so this is a
 * warning, and only judged when every item is a node type of the contract (other vocabularies are not read).
 */
export const resolveTypesRespected: Check = {
  id: "resolve.types_respected",
  section: "Endpoints / GET /resolve",
  sentence:
    "`types` | query | JSON-encoded array of strings, or null | optional; max 20 items. Allowed item values: not shown.",
  level: "warn",
  appliesTo: (x) =>
    x.operation === "resolve" &&
    okEnvelope(x) !== undefined &&
    nodeTypesAsked(x.request.query.types) !== undefined,
  run(x) {
    const asked = nodeTypesAsked(x.request.query.types) ?? [];
    const out: CheckFailure[] = [];
    (arrayAt(okEnvelope(x), "data") ?? []).forEach((c, i) => {
      if (!isObject(c) || typeof c.type !== "string" || asked.includes(c.type)) return;
      out.push(
        failure(resolveTypesRespected, {
          title: `resolve returned a ${c.type} candidate for types ${show(asked, 60)}`,
          pointer: pointer("data", i, "type"),
          expected: `one of ${show(asked, 80)}`,
          received: show(c.type),
          severity: "warning",
        }),
      );
    });
    return out.slice(0, 5);
  },
};
