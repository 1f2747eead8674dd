/**
 * The options of the library's `run` (run.ts), apart from it: run-checked.ts, which run.ts loads on its first
 * call, reads them too, and a type of run.ts there would make the two modules import each other.
 */
import type { RunOptions } from "../runner/options.js";

/** Options of `run`: those of `cbcheck run` (all optional), plus keys given directly and a progress hook. */
export interface RunLibraryOptions extends Omit<RunOptions, "mutation"> {
  /** Key of the target (Plus or better); overrides `env[apiKeyEnv]`. Unused for the embedded server. */
  apiKey?: string;
  /** Free-plan key for the `plan_required` checks; overrides `env[freeApiKeyEnv]`. */
  freeApiKey?: string;
  /** Plain progress lines (suite started, 429 waits, …). */
  onProgress?: (line: string) => void;
  /**
   * Stops the run when it aborts (as SIGINT stops `cbcheck run`): sending ends at once and the report comes
   * back with what was judged, `verdict: "interrupted"` (written to `reportDir` as well).
   */
  signal?: AbortSignal;
}
