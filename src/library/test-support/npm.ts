/** Test helper: runs npm (or node) in a directory with a clean npm environment and returns its output. */
import { execFile } from "node:child_process";

/** The output of a finished command; `code` is 0 on success. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment without the npm_* variables of an outer `npm test` (they would point the inner npm at this
 * repository: `npm_config_local_prefix`, `npm_package_*`), keeping only where the cache and user config are.
 */
export function cleanNpmEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const keep = new Set(["npm_config_cache", "npm_config_userconfig", "npm_config_registry"]);
  return Object.fromEntries(
    Object.entries(env).filter(
      ([name]) => !name.toLowerCase().startsWith("npm_") || keep.has(name.toLowerCase()),
    ),
  );
}

/** Runs `file args` in `cwd`; never rejects (the code says how it ended). */
export function runIn(cwd: string, file: string, args: readonly string[], timeoutMs = 150_000): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd, env: cleanNpmEnv(process.env), timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
