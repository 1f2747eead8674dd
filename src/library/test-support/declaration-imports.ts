/**
 * Test helper: the imports, in the declarations reachable from an installed entry `.d.ts`, that the
 * consumer's TypeScript cannot resolve. A package whose types come from a devDependency (say autocannon's,
 * from @types/autocannon) resolves where we develop but not where the package is installed.
 */
import { readFileSync } from "node:fs";
import ts from "typescript";

const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
};

/** Whether a resolution found types (a `.d.ts`), not only JavaScript (tsc: "could not find a declaration file"). */
const hasTypes = (resolved: ts.ResolvedModuleFull | undefined) =>
  resolved !== undefined && /\.d\.[cm]?ts$/.test(resolved.resolvedFileName);

/**
 * `specifier: file` for every import of the reachable declarations that does not resolve to types. `node:`
 * modules are ambient (declared by @types/node, which the consumer installs); TypeScript resolves no file.
 */
export function unresolvedTypeImports(entry: string): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of info.importedFiles) {
      if (fileName.startsWith("node:")) continue;
      const resolved = ts.resolveModuleName(fileName, file, OPTIONS, ts.sys).resolvedModule;
      if (!hasTypes(resolved)) problems.push(`${fileName}: ${file}`);
      else if (fileName.startsWith(".")) visit(resolved!.resolvedFileName);
    }
  };
  visit(entry);
  return problems;
}
