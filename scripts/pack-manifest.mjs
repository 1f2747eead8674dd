#!/usr/bin/env node
/**
 * The package.json the tarball ships, without the `prepare` script: `prepare` builds dist/ after `npm ci` in a
 * checkout, but shipped it makes npm warn on every install of the package ("install scripts not yet covered
 * by allowScripts"), though an installed package never runs it. `npm pack` runs `prepack` (build, then
 * `strip`) and `postpack` (`restore`); pinst does the same for husky's `postinstall`.
 *
 *   node scripts/pack-manifest.mjs strip     # package.json → .package.json.packing, minus scripts.prepare
 *   node scripts/pack-manifest.mjs restore   # .package.json.packing → package.json
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

const MANIFEST = "package.json";
const KEPT = ".package.json.packing";

const action = process.argv[2];
if (action === "strip") {
  const text = readFileSync(MANIFEST, "utf8");
  const manifest = JSON.parse(text);
  delete manifest.scripts.prepare;
  writeFileSync(KEPT, text);
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
} else if (action === "restore") {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
} else {
  process.stderr.write("usage: node scripts/pack-manifest.mjs strip|restore\n");
  process.exitCode = 2;
}
