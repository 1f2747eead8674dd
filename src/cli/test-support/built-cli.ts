/**
 * Spawns the BUILT command line (`dist/cli/main.js`, made by `npm run build`, which `npm test` runs first):
 * signals must reach cbcheck itself, with no loader or wrapper process in between.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type CollectingChild, spawnCollecting } from "./spawn-collecting.js";

/** Path of the built entry point. */
export const BUILT_CLI = fileURLToPath(new URL("../../../dist/cli/main.js", import.meta.url));

/** Starts `cbcheck ARGS…` from the build in `cwd`, with `env` over a clean CI environment (no keys). */
export function spawnBuiltCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): CollectingChild {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run npm run build first`);
  return spawnCollecting(process.execPath, [BUILT_CLI, ...args], {
    cwd: options.cwd,
    env: { ...process.env, CI: "true", CB_API_KEY: "", CB_FREE_API_KEY: "", ...options.env },
  });
}

/** Resolves when `read()` matches `pattern` (polling), or rejects after `timeoutMs`. */
export async function waitForOutput(read: () => string, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!pattern.test(read())) {
    if (Date.now() > until) throw new Error(`no ${pattern} within ${timeoutMs} ms in:\n${read()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
