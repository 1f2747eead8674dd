/**
 * `npm ci` refuses a lockfile that lacks an entry for any optional dependency of a locked package, even one for
 * another platform. The npm mirror this project is built on lags behind for other platforms' binaries (biome,
 * rollup), so a careless upgrade silently writes such a lockfile: this test names the missing entries instead.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockedPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8")) as {
  packages: Record<string, LockedPackage>;
};

/** The lockfile entries node's resolution would find for `name` seen from the package at `from`. */
function isLocked(name: string, from: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf("node_modules/");
    dir = cut <= 0 ? "" : dir.slice(0, cut - 1);
  }
}

describe("package-lock.json", () => {
  it("locks every optional dependency of every package, for every platform, so npm ci accepts it", () => {
    const missing: string[] = [];
    for (const [path, pkg] of Object.entries(lock.packages)) {
      for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
        if (!isLocked(name, path)) missing.push(`${name} (wanted by ${path || "the project"})`);
      }
    }
    expect(missing, "pin a version whose platform packages all exist on the registry").toEqual([]);
  });
});
