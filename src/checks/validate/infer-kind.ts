/**
 * Which response kind a document is, when `--as` is left out or is the generic `envelope` (which does not type
 * `data`, so an entity read with an invalid node would pass it). Read from what the user said it answers (the
 * operation, the request's dataset, the status) and else from the document's shape (Endpoints and Resources:
 * resolve answers a candidate array, entity reads `{entities, edges, …}`, the influencer dataset only
 * `{entities}`; search, traversals and usage answer an envelope whose `data` the contract does not show).
 */
import type { SchemaName } from "../../contract/registry.js";
import { HarnessError } from "../../errors.js";
import { requestView } from "../request-view.js";
import { isObject } from "../support/json.js";
import { type Kind, kindNames, resolveKind } from "./kinds.js";
import type { ValidateContext } from "./validate-document.js";

/** The kind a document fits and why we think so. */
export interface FittingKind {
  schema: SchemaName;
  why: string;
}

/** The kind of an entity read: the influencer dataset answers only `entities` (Resources / Influencer). */
function entityReadKind(value: Record<string, unknown>, ctx: ValidateContext): FittingKind {
  if (ctx.request && ctx.operation) {
    const { dataset } = requestView({ operation: ctx.operation, request: ctx.request });
    if (dataset === "influencer")
      return { schema: "influencer-response", why: "the request asks dataset=influencer" };
    return { schema: "entities-response", why: `the request asks dataset=${dataset}` };
  }
  const data = value.data;
  if (isObject(data) && !("edges" in data) && Array.isArray(data.entities)) {
    return { schema: "influencer-response", why: "data holds only entities, as the influencer dataset does" };
  }
  return { schema: "entities-response", why: "data holds entities and edges, as an entity read does" };
}

/** The response kind `value` fits, or undefined when neither the context nor its shape tells. */
export function fittingKind(value: unknown, ctx: ValidateContext): FittingKind | undefined {
  if (!isObject(value)) return undefined;
  const isEnvelope = "contract" in value || "data" in value;
  if ((ctx.status !== undefined && ctx.status >= 400) || (!isEnvelope && "error" in value)) {
    return { schema: "error", why: ctx.status ? `status ${ctx.status}` : "an error body" };
  }
  switch (ctx.operation) {
    case "resolve":
      return { schema: "resolve-response", why: "it answers resolve" };
    case "entity-get":
    case "entity-batch":
      return entityReadKind(value, ctx);
    case "me":
      return { schema: "me", why: "it answers /me" };
    case "search":
    case "traversals":
    case "usage":
      return { schema: "envelope", why: `${ctx.operation} answers data the contract does not show` };
  }
  if (!isEnvelope) {
    return "credential" in value || "api_access" in value ? { schema: "me", why: "a /me body" } : undefined;
  }
  const data = value.data;
  if (Array.isArray(data)) return { schema: "resolve-response", why: "data is an array of candidates" };
  if (isObject(data) && Array.isArray(data.entities)) return entityReadKind(value, ctx);
  return undefined;
}

/** The kind to validate as, and a note when it was inferred; a usage error when it cannot be told or is too generic. */
export function chooseKind(
  value: unknown,
  given: Kind | undefined,
  ctx: ValidateContext,
): { kind: Kind; inferred?: FittingKind } {
  if (given && given.schema !== "envelope") return { kind: given };
  const fit = fittingKind(value, ctx);
  if (given) {
    if (!fit || fit.schema === "envelope" || fit.schema === "error") return { kind: given };
    throw new HarnessError(
      "CB_USAGE",
      `--as envelope does not type data; this response fits ${fit.schema} (${fit.why}): give --as ${fit.schema} ` +
        "or leave --as out, or --operation search|traversals|usage if it answers one of those",
    );
  }
  if (!fit) {
    throw new HarnessError(
      "CB_USAGE",
      `cannot tell what kind of document this is; give --as <kind> (known: ${kindNames().join(", ")})`,
    );
  }
  return { kind: resolveKind(fit.schema), inferred: fit };
}
