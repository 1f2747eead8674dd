/**
 * Test helper: what is wrong with a package's file list (as `npm pack --json` lists it) — test files,
 * test support, schema fixtures, source maps naming files not shipped, JavaScript without declarations,
 * entry points (package.json `main`, `types`, `exports`, `bin`) that are not in the package.
 */
import { dirname, join, normalize } from "node:path";

/** The fields of package.json that name files of the package. */
export interface PackageEntries {
  main?: string;
  types?: string;
  bin?: Record<string, string>;
  exports?: Record<string, string | Record<string, string>>;
}

const strip = (path: string) => normalize(path).replace(/^\.\//, "");

/** Every file a package.json entry names. */
function entryFiles(pkg: PackageEntries): string[] {
  const exported = Object.values(pkg.exports ?? {}).flatMap((v) =>
    typeof v === "string" ? [v] : Object.values(v),
  );
  return [pkg.main, pkg.types, ...Object.values(pkg.bin ?? {}), ...exported]
    .filter((p): p is string => p !== undefined)
    .map(strip);
}

/** One line per problem of `files` (paths relative to the package root); `readText` reads a packed file. */
export function packProblems(
  files: readonly string[],
  pkg: PackageEntries,
  readText: (path: string) => string,
): string[] {
  const shipped = new Set(files);
  const problems: string[] = [];
  for (const file of files) {
    if (/\.(test|spec|bench)\.[^/]+$/.test(file)) problems.push(`test file: ${file}`);
    if (file.split("/").includes("test-support")) problems.push(`test support: ${file}`);
    if (file.startsWith("fixtures/")) problems.push(`fixture: ${file}`);
    if (/^dist\/.*\.js$/.test(file) && !shipped.has(file.replace(/\.js$/, ".d.ts")))
      problems.push(`no declarations: ${file}`);
    if (file.endsWith(".map")) {
      const sources = (JSON.parse(readText(file)) as { sources?: string[] }).sources ?? [];
      for (const source of sources) {
        const target = strip(join(dirname(file), source));
        if (!shipped.has(target)) problems.push(`source map ${file} names ${target}, not shipped`);
      }
    }
  }
  for (const entry of entryFiles(pkg)) if (!shipped.has(entry)) problems.push(`entry not shipped: ${entry}`);
  return problems;
}
