/**
 * `run(options)`: `cbcheck run` as a library call. It resolves the same options as the CLI (with the keys
 * given directly instead of through environment variables), runs the suites and returns the report; it
 * prints nothing, never reads the process environment and never exits.
 */
import { checkShapes, type ShapeTable } from "../option-shapes.js";
import type { Report } from "../report/model.js";
import type { RunLibraryOptions } from "./run-options.js";

export type { RunLibraryOptions };

/** The JavaScript type of every option, checked before anything else (a wrong one is `CB_USAGE`). */
const RUN_SHAPES: ShapeTable<RunLibraryOptions> = {
  baseUrl: "string",
  altBaseUrl: "string",
  apiKeyEnv: "string",
  freeApiKeyEnv: "string",
  teamApiKeyEnv: "string",
  revokedApiKeyEnv: "string",
  noCreditsApiKeyEnv: "string",
  env: "string record",
  fixtures: "string or object",
  suites: "string[]",
  seed: "number",
  runs: "number",
  maxCalls: "number",
  maxFailures: "number",
  expectRateLimit: "string",
  allowLoad: "boolean",
  allowCredits: "boolean",
  maxCredits: "number",
  reportDir: "string",
  shard: "string",
  timeoutMs: "number",
  deadlineS: "number",
  giveUpAfterFailures: "number",
  giveUpAfter429s: "number",
  maxBodyBytes: "number",
  altIgnore: "string[]",
  concurrency: "number",
  judgeAheadFromRuns: "number",
  strict: "boolean",
  har: "string",
  headers: "object[]",
  allowInconclusive: "boolean",
  embeddedRateLimit: "number",
  embeddedRateWindowMs: "number",
  embeddedMode: "string",
  failOnUnexercised: "boolean",
  minExercised: "number",
  maxPairwise: "number",
  coveragePhase: "boolean",
  apiKey: "string",
  freeApiKey: "string",
  onProgress: "function",
  clock: "object",
  signal: "object",
};

/**
 * Runs the conformance suites against `baseUrl` (or the embedded reference server when absent) and returns the
 * report. With `reportDir` it also writes junit.xml, report.json, report.md and report.html there, keys
 * redacted. Bad options (a wrong type, an unknown option, a value out of range) throw a `HarnessError` (`code`
 * `CB_USAGE`; no key: `CB_NO_KEY`); an unreachable target
 * `CB_TARGET_UNREACHABLE`.
 * A run cut short by `maxCalls` or `deadlineS` returns its report with `details.stopped` set and a note; one
 * stopped by `signal` returns it marked `interrupted`.
 */
export async function run(options: RunLibraryOptions = {}): Promise<Report> {
  checkShapes("run", options, RUN_SHAPES);
  // The runner loads on the first call: a program that imports only the client or `validate` from "cbcheck"
  // (a certification adapter, started once per scenario) starts without it, about 0.25 s of CPU sooner.
  const { runChecked } = await import("./run-checked.js");
  return runChecked(options);
}
