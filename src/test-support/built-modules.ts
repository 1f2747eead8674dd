/**
 * vitest global setup: when dist/ was built after the last change to any source file it was built from
 * (`npm test` builds it first), the worker threads and children that tests start run their built modules
 * instead of compiling TypeScript under tsx in each one (`builtModule` in src/worker-thread.ts). A dist/
 * older than the sources, or none, leaves every worker on its source: a test never runs stale code.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DIST = join(ROOT, "dist");
/** Written last by every build of tsconfig.build.json (`npm run build`, `npm run check`). */
const BUILD_INFO = join(DIST, "tsconfig.build.tsbuildinfo");

/** Is `path` (relative to src) a file the build leaves out? Mirrors tsconfig.build.json's exclude. */
const notBuilt = (path: string) => /\.(test|bench)\.ts$/.test(path) || /(^|\/)test-support\//.test(path);

/** The newest modification time of the source files dist/ is built from, in ms. */
export function newestSource(dir = join(ROOT, "src")): number {
  let newest = 0;
  for (const path of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    if (notBuilt(path)) continue;
    const stat = statSync(join(dir, path));
    if (stat.isFile()) newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/** Whether dist/ holds a build of the current sources. */
export function distIsFresh(): boolean {
  return existsSync(BUILD_INFO) && statSync(BUILD_INFO).mtimeMs >= newestSource();
}

/** Names dist/ for every test process (use-built-modules.ts hands it to `builtModule`), when dist/ is fresh. */
export default function useBuiltModules(): void {
  if (distIsFresh()) process.env.CBCHECK_BUILT_MODULES = DIST;
  else delete process.env.CBCHECK_BUILT_MODULES;
}
