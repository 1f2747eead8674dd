/**
 * Validates one JSON document as a kind: the schema of the kind, then every semantic check that can run
 * without what a file lacks (response headers always; the request and status unless given).
 */
import type { StructureCount } from "../../bounded-json.js";
import { collectViolations, type SchemaName } from "../../contract/registry.js";
import type { Exchange, OperationId, RecordedRequest } from "../../transport/exchange.js";
import { authWwwAuthenticateOn401 } from "../auth-www-authenticate-on-401.js";
import { CATALOGUE } from "../catalogue.js";
import type { Severity } from "../check.js";
import { costBasicZeroCredits } from "../cost-basic-zero-credits.js";
import { costInfluencerCreditPerRecord } from "../cost-influencer-credit-per-record.js";
import { coverageConsistentWithRequest } from "../coverage-consistent-with-request.js";
import { coverageRequestedReturnedOrMissing } from "../coverage-requested-returned-or-missing.js";
import { datasetResponseMatchesRequest } from "../dataset-response-matches-request.js";
import { edgesOnlyWithInclude } from "../edges-only-with-include.js";
import { edgesPageCutDeclared } from "../edges-page-cut-declared.js";
import { edgesPredicatesFromInclude } from "../edges-predicates-from-include.js";
import { entitiesNodesRequested } from "../entities-nodes-requested.js";
import { errorCodeForStatus } from "../error-code-for-status.js";
import { extKeysRequestedOrgs } from "../ext-keys-requested-orgs.js";
import { extOnlyRequested } from "../ext-only-requested.js";
import { extSubunitsCap } from "../ext-subunits-cap.js";
import { httpDocumentedStatus } from "../http-documented-status.js";
import { httpJsonContentType } from "../http-json-content-type.js";
import { influencerNodesCap } from "../influencer-nodes-cap.js";
import { influencerOneNetwork } from "../influencer-one-network.js";
import { meEveryPlan } from "../me-every-plan.js";
import { orgSignatureOnlySingle } from "../org-signature-only-single.js";
import { rateRetryAfterOn429 } from "../rate-retry-after-on-429.js";
import { requestInvalidArgumentsRejected } from "../request-invalid-arguments-rejected.js";
import { resolveLimitRespected } from "../resolve-limit-respected.js";
import { responseSchema } from "../response-schema.js";
import { responseStructureBounded } from "../response-structure-bounded.js";
import type { Kind } from "./kinds.js";

/** Checks that judge response headers, which a body file does not have. */
const HEADER_CHECKS = [authWwwAuthenticateOn401.id, rateRetryAfterOn429.id, httpJsonContentType.id];
/**
 * Checks that read the request (ids, include, extend, limit, …): without one they are not run, never judged
 * against a request nobody gave (validate-document.test.ts holds every check that reads the request to a list).
 */
export const REQUEST_CHECKS = [
  costBasicZeroCredits.id,
  costInfluencerCreditPerRecord.id,
  coverageConsistentWithRequest.id,
  coverageRequestedReturnedOrMissing.id,
  edgesOnlyWithInclude.id,
  edgesPageCutDeclared.id,
  edgesPredicatesFromInclude.id,
  entitiesNodesRequested.id,
  extKeysRequestedOrgs.id,
  extOnlyRequested.id,
  extSubunitsCap.id,
  orgSignatureOnlySingle.id,
  requestInvalidArgumentsRejected.id,
  resolveLimitRespected.id,
];
/** Checks that read only the request's dataset: run when `--as` names it (`influencer`, `entities`). */
export const DATASET_CHECKS = [
  datasetResponseMatchesRequest.id,
  influencerNodesCap.id,
  influencerOneNetwork.id,
];
/** Checks that need the real status of the response. */
const STATUS_CHECKS = [errorCodeForStatus.id, httpDocumentedStatus.id, meEveryPlan.id];

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
  schema: SchemaName;
  /** Why this kind was chosen when `--as` was left out (inferred from the document). */
  inferred?: string;
  findings: Finding[];
  /** False when the schema's violations were capped (the first MAX_VIOLATIONS shown) or not all examined. */
  isSchemaComplete: boolean;
  checksRun: string[];
  /** Check ids not run, with why. */
  notRun: { id: string; why: string }[];
}

/** Inputs beyond the document: the request, operation and status when the user gave them. */
export interface ValidateContext {
  request?: RecordedRequest;
  operation?: OperationId;
  status?: number;
  /** Set when the text was left unparsed for being past the structure bounds (bounded-json.ts). */
  unparsed?: StructureCount;
}

/** Validates `value` (parsed from `text`) as `kind`. */
export function validateDocument(
  value: unknown,
  text: string,
  kind: Kind,
  ctx: ValidateContext = {},
): ValidateResult {
  if (ctx.unparsed !== undefined) return unparsed(kind, text, ctx.unparsed);
  const collected = collectViolations(kind.schema, value);
  const findings: Finding[] = collected.violations.map((v) => ({
    pointer: v.pointer,
    message: v.message,
    source: v.schemaPath,
    severity: "error",
  }));
  const result: ValidateResult = {
    schema: kind.schema,
    findings,
    isSchemaComplete: collected.isComplete,
    checksRun: [],
    notRun: [],
  };
  if (!kind.isResponse) return result;
  const operation = ctx.operation ?? kind.operation ?? "other";
  const status = ctx.status ?? kind.status ?? (kind.schema === "error" ? 400 : 200);
  const exchange: Exchange = {
    operation,
    request: ctx.request ?? standInRequest(kind),
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

/** What stands for the request when none was given: only what `--as` states (its dataset), nothing else. */
function standInRequest(kind: Kind): RecordedRequest {
  const base = { baseUrl: "", query: {}, headers: {} };
  if (kind.dataset === undefined) return { ...base, method: "GET", path: "/" };
  return {
    ...base,
    method: "POST",
    path: "/entities/batch",
    body: JSON.stringify({ dataset: kind.dataset }),
  };
}

function skipReason(id: string, ctx: ValidateContext, kind: Kind): string | undefined {
  if (id === responseSchema.id) return "the schema of --as is applied instead";
  if (HEADER_CHECKS.includes(id)) return "needs response headers";
  if (REQUEST_CHECKS.includes(id) && !ctx.request) return "needs the request (--request or --path)";
  if (DATASET_CHECKS.includes(id) && !ctx.request && kind.dataset === undefined)
    return "needs the request's dataset (--request, --path or --as influencer / entities)";
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

/** A document too big to parse: one finding, of `response.structure_bounded`, for any kind. */
function unparsed(kind: Kind, text: string, count: StructureCount): ValidateResult {
  const exchange: Exchange = {
    operation: kind.operation ?? "other",
    request: { method: "GET", baseUrl: "", path: "/", query: {}, headers: {} },
    response: { status: kind.status ?? 200, headers: {}, bodyText: text, ...count, durationMs: 0 },
  };
  const findings = responseStructureBounded.run(exchange).map((f) => ({
    pointer: f.pointer ?? "",
    message: describe(f),
    source: f.checkId,
    severity: f.severity,
  }));
  return {
    schema: kind.schema,
    findings,
    isSchemaComplete: false,
    checksRun: [responseStructureBounded.id],
    notRun: [],
  };
}
