/**
 * The body of the library's `run` once its options have the right shapes (run.ts): loaded on the first call,
 * so that importing "cbcheck" for its client or `validate` does not load the runner.
 */
import type { Report } from "../report/model.js";
import { markInterrupted } from "../report/verdict.js";
import { writeReports } from "../report/write-reports.js";
import { RUN_DEFAULTS, resolveRunOptions } from "../runner/options.js";
import { runConformance } from "../runner/run-conformance.js";
import type { RunLibraryOptions } from "./run-options.js";

/** Resolves `options` as `cbcheck run` does (keys given directly included), runs the suites, writes the reports. */
export async function runChecked(options: RunLibraryOptions): Promise<Report> {
  const { apiKey, freeApiKey, onProgress, signal, ...runOptions } = options;
  const env: Record<string, string | undefined> = { ...runOptions.env };
  // The resolver reads keys from an environment: hand it the keys given directly under the names it reads.
  if (apiKey !== undefined) env[runOptions.apiKeyEnv ?? RUN_DEFAULTS.apiKeyEnv] = apiKey;
  if (freeApiKey !== undefined) env[runOptions.freeApiKeyEnv ?? RUN_DEFAULTS.freeApiKeyEnv] = freeApiKey;
  const resolved = resolveRunOptions({ ...runOptions, env });
  const result = await runConformance(resolved, {
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
  });
  const report = signal?.aborted ? markInterrupted(result.report, "its AbortSignal") : result.report;
  if (options.reportDir !== undefined) await writeReports(resolved.reportDir, report, result.sections);
  return report;
}
