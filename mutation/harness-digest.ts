/**
 * A digest of everything that decides whether `cbcheck run` kills a mutant, apart from the mutated server
 * code itself: cbcheck's own sources (checks, generators, runner), the synthetic graph, the schemas and this
 * harness. It is part of every test name, because Stryker's incremental mode reuses a result only while the
 * mutated file and the test that judged it are unchanged: without it, a new check would leave the survivors
 * of the last run standing. The mutated files (src/server outside graph/) are Stryker's own to diff.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Whether a file of the project takes part in the digest. */
function isHarnessFile(path: string): boolean {
  if (path.endsWith(".test.ts")) return false;
  if (path.startsWith("src/server/") && !path.startsWith("src/server/graph/")) return false;
  return /\.(ts|mjs|json)$/.test(path);
}

/** Twelve hex digits of a SHA-256 over the harness files, in path order. */
export function harnessDigest(): string {
  const hash = createHash("sha256");
  for (const dir of ["src", "schemas", "mutation"]) {
    const files = readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .map((f) => `${dir}/${f.split("\\").join("/")}`)
      .filter(isHarnessFile)
      .sort();
    for (const file of files)
      hash
        .update(file)
        .update("\0")
        .update(readFileSync(join(ROOT, file)))
        .update("\0");
  }
  return hash.digest("hex").slice(0, 12);
}
