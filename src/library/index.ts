/**
 * The package entry of cbcheck (`import { run, validate, startServer } from "cbcheck"`): a small, stable,
 * typed surface over the layers below. Every function takes an options object, prints nothing, never reads
 * the process environment or arguments and never exits; failures of the tool or its input throw `HarnessError`.
 * Documented in docs/api.md; anything not exported here is internal and may change.
 */

export type { Finding } from "../checks/validate/validate-document.js";
// The reference client.
export {
  type BatchChunk,
  type BatchRequest,
  CbApiError,
  CbClient,
  type CbClientOptions,
  type CbNode,
  CbTransportError,
  DEFAULT_RETRY_POLICY,
  type EntitiesData,
  type EntitiesResponse,
  type EntityReadOptions,
  EXTENSION_NAMES,
  type ExtensionName,
  FATAL_STATUSES,
  type Me,
  type ResolveCandidate,
  type ResolveOptions,
  type ResolveResponse,
  type RetryPolicy,
} from "../client/index.js";
export { EXIT, HarnessError } from "../errors.js";
// Reports and errors.
export type { CheckResult, Counterexample, Report, ResultStatus } from "../report/model.js";
export type { FixturesInput } from "../runner/options.js";
// The reference server.
export type {
  FaultPlan,
  FaultStep,
  RunningServer,
  ServerFixtures,
  ServerKeys,
  ServerOptions,
  TraceEntry,
} from "../server/types.js";
export type { OperationId } from "../transport/exchange.js";
export { VERSION } from "../version.js";
export type { SuiteName } from "../vocabulary/suite-name.js";
// The output lines of a certification adapter (docs/certify-client.md).
export { formatLines, type JobLine, linesForFailedChunk, linesForServedChunk } from "./job-lines.js";
// Conformance run and document validation.
export { type RunLibraryOptions, run } from "./run.js";
export { startServer } from "./start-server.js";
export { type ValidateDocumentOptions, type ValidateRequest, type Validation, validate } from "./validate.js";
