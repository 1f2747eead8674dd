import { integerIn } from "../../option-values.js";
import type { OperationId } from "../../transport/exchange.js";
import { type Kind, resolveKind } from "./kinds.js";
import { inferOperation, requestFromJson, requestFromPath } from "./request-input.js";
import { parseStatus, VALIDATE_DEADLINE_S } from "./validate-defaults.js";
import type { ValidateContext } from "./validate-document.js";

/** What the user gives; all optional. */
export interface ValidateOptions {
  /** What the document is: a schema name or alias (`entities`, `error`, …); inferred from the document when absent. */
  as?: string;
  /** The request the document answers, as JSON: `{"method":…,"path":…,"body":…}`. */
  request?: string;
  /** The operation the document answers; default inferred from the request. */
  operation?: OperationId;
  /** The request path with its query string, relative to the base URL (when no `request` is given). */
  path?: string;
  /** The HTTP status of the response (default 200; 400 for `error`). */
  status?: number;
  /** Seconds judging may take before it is stopped (no verdict, exit 2); default `VALIDATE_DEADLINE_S`. */
  deadlineS?: number;
}

/** The kind of the document and what it answers. */
export interface ResolvedValidateOptions extends ValidateContext {
  /** The kind `--as` names; undefined when it is to be inferred from the document (`chooseKind`). */
  kind?: Kind;
  deadlineS: number;
}

/** Resolves the kind, the request (from its JSON or from the path) and the operation it names. */
export function resolveValidateOptions(input: ValidateOptions): ResolvedValidateOptions {
  const kind = input.as === undefined ? undefined : resolveKind(input.as);
  const status = input.status === undefined ? undefined : parseStatus(input.status);
  const method = input.operation === "entity-batch" ? "POST" : "GET";
  const request =
    input.request !== undefined
      ? requestFromJson(input.request)
      : input.path !== undefined
        ? requestFromPath(input.path, method)
        : undefined;
  const inferred = request ? inferOperation(request.method, request.path) : undefined;
  const operation = input.operation ?? (inferred !== "other" ? inferred : undefined);
  const deadlineS =
    input.deadlineS === undefined ? VALIDATE_DEADLINE_S : integerIn(input.deadlineS, "--deadline-s");
  return { kind, request, operation, status, deadlineS };
}
