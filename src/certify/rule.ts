/**
 * A client rule: one file per rule, a stable id, the contract sentence it enforces, whether the contract states
 * it as a requirement or as recommended practice, and a pure `grade` over the server's trace and the client's run.
 */
import type { FaultStep, TraceEntry } from "../server/types.js";
import type { Verdict } from "../vocabulary/verdict.js";
import type { OutputFile } from "./output-file.js";

/** "required": the contract says must/never; "recommended": the contract calls it recommended practice. */
export type RuleLevel = "required" | "recommended";

/** What the client process did in one scenario. The key is here only for the key rule; never put it in evidence. */
export interface ClientRun {
  scenario: string;
  /** The key given in CB_API_KEY (a secret). */
  apiKey: string;
  /** The test key's name as the server traces it (`plus`). */
  keyName: string;
  /** Ids written to CB_IDS_FILE, in order. */
  requestedIds: string[];
  /** Extensions given in CB_EXTEND. */
  extend: string[];
  /** Exit code, or null when killed by a signal. */
  exitCode: number | null;
  /** True when cbcheck killed the client at the timeout. */
  timedOut: boolean;
  timeoutS: number;
  /** Epoch ms when the client was started and when it ended. */
  startedAt: number;
  endedAt: number;
  /** Captured output (bounded). May contain the key: rules redact before quoting. */
  stdout: string;
  stderr: string;
  /** Fault steps the scenario injected, and those never consumed. */
  plannedFaults: FaultStep[];
  pendingFaults: FaultStep[];
  /** True when the scenario expects the client to stop before the job is done (401/402/403, long Retry-After). */
  expectsStop: boolean;
}

/** Outcome of one rule in one scenario. `skip` means the rule had nothing to judge here. */
export interface RuleResult {
  status: "pass" | "fail" | "inconclusive" | "skip";
  /** Facts from the trace and the output, e.g. "call 3 started 0.40 s after a 429 with Retry-After: 2". */
  evidence: string[];
}

/** One certification rule: a verdict on a client, id `client.<property>` (e.g. `client.wait_retry_after`). */
export interface ClientRule extends Verdict {
  /** Short title for reports. */
  readonly title: string;
  readonly level: RuleLevel;
  grade(trace: readonly TraceEntry[], output: OutputFile, run: ClientRun): RuleResult;
}

/** A passing result with evidence. */
export function pass(...evidence: string[]): RuleResult {
  return { status: "pass", evidence };
}

/** A failing result with evidence. */
export function fail(...evidence: string[]): RuleResult {
  return { status: "fail", evidence };
}

/** Nothing to judge in this scenario. */
export function skip(...evidence: string[]): RuleResult {
  return { status: "skip", evidence };
}

/** The scenario meant to test this rule, but the fault was never reached. */
export function inconclusive(...evidence: string[]): RuleResult {
  return { status: "inconclusive", evidence };
}
