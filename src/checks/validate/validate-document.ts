/**
 * Validates one JSON document as a kind: the schema of the kind, then every semantic check that can run
 * without what a file lacks (response headers always; the request and status unless given).
 */
import { validateAs } from "../../contract/registry.js";
import type { Exchange, OperationId, RecordedRequest } from "../../transport/exchange.js";
import { CATALOGUE } from "../catalogue.js";
import type { Severity } from "../check.js";
import type { Kind } from "./kinds.js";

/** Checks that judge response headers, which a body file does not have. */
export const HEADER_CHECKS = [
  "auth.www_authenticate_on_401",
  "rate.retry_after_on_429",
  "http.json_content_type",
];
/** Checks that need the request (ids, dataset, include, extend, limit). */
export const REQUEST_CHECKS = [
  "cost.basic_zero_credits",
  "cost.influencer_credit_per_record",
  "coverage.consistent_with_request",
  "coverage.requested_returned_or_missing",
  "edges.only_with_include",
  "edges.predicates_from_include",
  "ext.keys_requested_orgs",
  "ext.only_requested",
  "ext.subunits.cap",
  "influencer.nodes_cap",
  "org.signature_only_single",
  "request.invalid_arguments_rejected",
  "resolve.limit_respected",
];
/** Checks that need the real status of the response. */
export const STATUS_CHECKS = ["error.code_for_status", "http.documented_status", "me.every_plan"];

/** One finding of `validate`: a schema violation or a check failure. */
export interface Finding {
  pointer: string;
  message: string;
  /** Schema location or check id. */
  source: string;
  severity: Severity;
}

/** What `validate` did. */
export interface ValidateResult {
  schema: string;
  findings: Finding[];
  checksRun: string[];
  /** Check ids not run, with why. */
  notRun: { id: string; why: string }[];
}

/** Inputs beyond the document: the request, operation and status when the user gave them. */
export interface ValidateContext {
  request?: RecordedRequest;
  operation?: OperationId;
  status?: number;
}

/** Validates `value` (parsed from `text`) as `kind`. */
export function validateDocument(
  value: unknown,
  text: string,
  kind: Kind,
  ctx: ValidateContext = {},
): ValidateResult {
  const findings: Finding[] = validateAs(kind.schema, value).map((v) => ({
    pointer: v.pointer,
    message: v.message,
    source: v.schemaPath,
    severity: "error",
  }));
  const result: ValidateResult = { schema: kind.schema, findings, checksRun: [], notRun: [] };
  if (!kind.isResponse) return result;
  const operation = ctx.operation ?? kind.operation ?? "other";
  const status = ctx.status ?? kind.status ?? (kind.schema === "error" ? 400 : 200);
  const exchange: Exchange = {
    operation,
    request: ctx.request ?? { method: "GET", baseUrl: "", path: "/", query: {}, headers: {} },
    response: { status, headers: {}, bodyText: text, json: value, durationMs: 0 },
  };
  for (const check of CATALOGUE) {
    const why = skipReason(check.id, ctx, kind);
    if (why) {
      if (isRelevant(check.id, operation)) result.notRun.push({ id: check.id, why });
      continue;
    }
    if (!check.appliesTo(exchange)) continue;
    result.checksRun.push(check.id);
    for (const f of check.run(exchange))
      findings.push({
        pointer: f.pointer ?? "",
        message: describe(f),
        source: f.checkId,
        severity: f.severity,
      });
  }
  return result;
}

function skipReason(id: string, ctx: ValidateContext, kind: Kind): string | undefined {
  if (id === "response.schema") return "the schema of --as is applied instead";
  if (HEADER_CHECKS.includes(id)) return "needs response headers";
  if (REQUEST_CHECKS.includes(id) && !ctx.request) return "needs the request (--request or --path)";
  if (STATUS_CHECKS.includes(id) && ctx.status === undefined && kind.status === undefined)
    return "needs --status";
  return undefined;
}

const ENTITY_ONLY = /^(ext|edges|coverage|org|influencer)\.|^cost\.(basic|influencer)/;

/** Whether a check could judge this operation at all (so "not run" lists only what matters). */
function isRelevant(id: string, operation: OperationId): boolean {
  if (id.startsWith("resolve.")) return operation === "resolve";
  if (ENTITY_ONLY.test(id)) return operation === "entity-get" || operation === "entity-batch";
  return true;
}

function describe(f: { title: string; expected?: string; received?: string }): string {
  const parts = [
    f.expected ? `expected ${f.expected}` : "",
    f.received ? `received ${f.received}` : "",
  ].filter(Boolean);
  return parts.length ? `${f.title} (${parts.join(", ")})` : f.title;
}
