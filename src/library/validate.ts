/**
 * `validate(kind, document, request?)`: `cbcheck validate` as a library call — one JSON value against the
 * schema of its kind and, for response bodies, every semantic check that can judge it without headers.
 */
import { chooseKind } from "../checks/validate/infer-kind.js";
import { resolveValidateOptions } from "../checks/validate/options.js";
import { type Finding, validateDocument } from "../checks/validate/validate-document.js";
import { checkShape, checkShapes, type ShapeTable } from "../option-shapes.js";
import type { OperationId } from "../transport/exchange.js";

/** The request a response body answers; `body` is a JSON value (or its text), `query` values strings or JSON. */
export interface ValidateRequest {
  /** Default `POST` when a body is given, else `GET`. */
  method?: string;
  /** Path relative to the base URL, with or without a query string: `/entities/batch`, `/resolve?q=Acme`. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Options of `validate` beyond the request; all optional. */
export interface ValidateDocumentOptions {
  /** HTTP status of the response (default 200; 400 for `error`). */
  status?: number;
  /** The operation the document answers; default inferred from the request. */
  operation?: OperationId;
}

/** What `validate` found: `valid` is false when any finding is an error (warnings never fail). */
export interface Validation {
  valid: boolean;
  /** Schema violations and check failures, each with its pointer, message, source and severity. */
  findings: Finding[];
  /** The schema applied (`entities-response`, …). */
  schema: string;
  /** Ids of the semantic checks that ran. */
  checksRun: string[];
  /** Checks that could not run (they need headers, the request or the status), with why. */
  notRun: { id: string; why: string }[];
}

const REQUEST_SHAPES: ShapeTable<ValidateRequest> = {
  method: "string",
  path: "string",
  query: "object",
  body: "any",
};
const OPTION_SHAPES: ShapeTable<ValidateDocumentOptions> = { status: "number", operation: "string" };

/** Refuses arguments of the wrong JavaScript type with `CB_USAGE` (not a `TypeError` from deep inside). */
function checkArguments(kind: unknown, request: unknown, options: unknown): void {
  checkShape(kind, "string", "validate: kind");
  checkShapes("validate: request", request, REQUEST_SHAPES);
  if (request !== undefined)
    checkShape((request as ValidateRequest).path, "string", "validate: request.path");
  checkShapes("validate", options, OPTION_SHAPES);
}

/**
 * Validates `document` (a parsed JSON value) as `kind`: a schema name or alias (`entities`, `resolve`, `error`,
 * `batch-body`, …; see docs/validate.md). Checks that need the request run only when `request` is given.
 * An unknown kind, a malformed request or an argument of the wrong type throws a `HarnessError` (`CB_USAGE`).
 */
export function validate(
  kind: string,
  document: unknown,
  request?: ValidateRequest,
  options: ValidateDocumentOptions = {},
): Validation {
  checkArguments(kind, request, options);
  const resolved = resolveValidateOptions({
    as: kind,
    ...(request !== undefined ? { request: JSON.stringify(request) } : {}),
    ...options,
  });
  const text = textOf(document);
  // A generic kind (`envelope`) on a response a specific kind covers is refused, as on the command line.
  const { kind: chosen } = chooseKind(document, resolved.kind, resolved);
  const result = validateDocument(document, text, chosen, resolved);
  return { valid: !result.findings.some((f) => f.severity === "error"), ...result };
}

/** The JSON text of a document; one nested too deep to write (a hostile value) is judged on its value alone. */
function textOf(document: unknown): string {
  try {
    return JSON.stringify(document) ?? "";
  } catch {
    return "";
  }
}
