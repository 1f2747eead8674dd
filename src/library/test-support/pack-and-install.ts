/**
 * Test helper: packs this package as `npm pack` would from a clean checkout (a staged copy of the sources,
 * built by its own `prepack`, so the repository's dist/ is never touched) and installs the tarball in a new
 * project with `npm ci` on a lockfile derived from ours: every dependency comes from the npm cache, the
 * registry only when the cache lacks one (`--prefer-offline`).
 */
import { chmodSync, cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { distIsFresh } from "../../test-support/built-modules.js";
import { type Ran, runIn } from "./npm.js";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** What the package needs to build itself, beside what package.json `files` ships. */
const STAGED = [
  "package.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "README.md",
  "src",
  "schemas",
  "generated",
  "suites",
  "docs",
  "examples",
  // prepack/postpack: the shipped package.json without `prepare`.
  "scripts",
];

/** A packed tarball and the files it holds. */
export interface Packed {
  tarball: string;
  files: string[];
  /** The staged package root (its dist/ is what the tarball holds). */
  stage: string;
}

function check(what: string, ran: Ran): Ran {
  if (ran.code !== 0)
    throw new Error(`${what} exited ${ran.code}:\n${ran.stderr.slice(-4000)}\n${ran.stdout.slice(-2000)}`);
  return ran;
}

/**
 * The `tsc` that the staged `npm run build` finds first when the repository's dist/ is fresh: `npm test`'s
 * check step has just built dist/ from the same tsconfig.build.json (tsconfig.check.json references it), so a
 * second compile (about 18 s of CPU) would only make the same files. It copies them instead, and refuses any
 * other command line, so that a build script that changes how it compiles is noticed here.
 */
const COPYING_TSC = `#!/usr/bin/env node
const { cpSync } = require("node:fs");
const args = process.argv.slice(2).join(" ");
if (args !== "-p tsconfig.build.json") {
  process.stderr.write("packed-package test: the build script now runs tsc " + args + "; update pack-and-install.ts\\n");
  process.exit(1);
}
cpSync(${JSON.stringify(join(ROOT, "dist"))}, "dist", { recursive: true });
`;

/**
 * The staged package's node_modules: ours when dist/ must be built; when it is fresh, only a `.bin/tsc` that
 * copies it (`COPYING_TSC`; `npm pack` needs no dependency beside the build's compiler).
 */
function stageModules(stage: string): void {
  if (!distIsFresh()) {
    symlinkSync(join(ROOT, "node_modules"), join(stage, "node_modules"), "dir");
    return;
  }
  const bin = join(stage, "node_modules/.bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, "tsc"), COPYING_TSC);
  chmodSync(join(bin, "tsc"), 0o755);
}

/**
 * Copies the package's sources into `dir/stage`, runs `npm pack` there (its `prepack` builds dist/ and strips
 * the manifest, its `postpack` restores it), returns the tarball and its files.
 */
export async function packStaged(dir: string): Promise<Packed> {
  const stage = join(dir, "stage");
  mkdirSync(stage);
  for (const name of STAGED) cpSync(join(ROOT, name), join(stage, name), { recursive: true });
  stageModules(stage);
  const ran = check("npm pack", await runIn(stage, "npm", ["pack", "--json", "--pack-destination", dir]));
  const [result] = JSON.parse(ran.stdout) as [{ filename: string; files: { path: string }[] }];
  return { tarball: join(dir, result.filename), files: result.files.map((f) => f.path).sort(), stage };
}

interface LockEntry {
  dev?: boolean;
  devOptional?: boolean;
  link?: boolean;
  [key: string]: unknown;
}

/** Creates `dir/app` depending on the tarball and installs it with `npm ci`; returns the app's directory. */
export async function installTarball(dir: string, tarball: string): Promise<string> {
  const app = join(dir, "app");
  mkdirSync(app);
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const spec = `file:${tarball}`;
  // Our production dependencies sit at the same node_modules paths in the app as here: reuse their entries.
  const packages: Record<string, unknown> = {
    "": { name: "app", dependencies: { cbcheck: spec } },
    "node_modules/cbcheck": {
      version: pkg.version,
      resolved: spec,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      engines: pkg.engines,
      license: pkg.license,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages))
    if (path !== "" && !entry.dev && !entry.devOptional && !entry.link) packages[path] = entry;
  const manifest = { name: "app", private: true, type: "module", dependencies: { cbcheck: spec } };
  writeFileSync(join(app, "package.json"), JSON.stringify(manifest, null, 2));
  writeFileSync(
    join(app, "package-lock.json"),
    JSON.stringify({ name: "app", lockfileVersion: 3, requires: true, packages }, null, 2),
  );
  check(
    "npm ci",
    await runIn(app, "npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"]),
  );
  // The one type package a TypeScript user adds themselves: @types/node, taken from ours.
  mkdirSync(join(app, "node_modules/@types"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules/@types/node"), join(app, "node_modules/@types/node"), "dir");
  return app;
}
