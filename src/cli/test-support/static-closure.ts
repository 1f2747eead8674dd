/**
 * The static import closure of a source file: the files and packages that importing it loads before any of its
 * code runs (`import type`, imports of types only and `import()` load nothing).
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** What a file imports at run time: `import type`, imports of types only and `import()` load nothing. */
export function runtimeImports(source: string): string[] {
  const file = ts.createSourceFile("x.ts", source, ts.ScriptTarget.ES2022, false);
  const out: string[] = [];
  for (const s of file.statements) {
    if (ts.isImportDeclaration(s)) {
      const clause = s.importClause;
      const bindings = clause?.namedBindings;
      const typesOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((e) => e.isTypeOnly)));
      if (!typesOnly) out.push((s.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(s) && s.moduleSpecifier) {
      const named = s.exportClause;
      const typesOnly =
        s.isTypeOnly ||
        (named !== undefined && ts.isNamedExports(named) && named.elements.every((e) => e.isTypeOnly));
      if (!typesOnly) out.push((s.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return out;
}

/** The package an import names (`ajv/dist/2020.js` → `ajv`, `@scope/x/y` → `@scope/x`); node: built-ins: none. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith("node:")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The repo-relative source files and the packages loaded, statically, by importing `entry` (repo-relative). */
export function staticClosure(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeImports(readFileSync(join(ROOT, file), "utf8"))) {
      if (!specifier.startsWith(".")) {
        const name = packageOf(specifier);
        if (name) packages.add(name);
        continue;
      }
      const target = relative(ROOT, resolve(dirname(join(ROOT, file)), specifier))
        .split("\\")
        .join("/");
      visit(target.replace(/\.js$/, ".ts"));
    }
  };
  visit(entry);
  return { files: [...files].sort(), packages: [...packages].sort() };
}
