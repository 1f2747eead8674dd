/**
 * The import rules of ARCHITECTURE.md, enforced: every relative import of every non-test file under src/ must be
 * allowed by the "May import" table there (read from the document, so that the rules are written once), and no
 * two files import each other, directly or through others.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ROOT_LAYER = "src/*.ts";

/** Layer → what it may import: whole layers, or single files (entries ending in `.ts`). */
function readTable(): Map<string, string[]> {
  const text = readFileSync(join(ROOT, "ARCHITECTURE.md"), "utf8");
  const table = new Map<string, string[]>();
  for (const m of text.matchAll(/^\| `(src\/[^`]+)` \| (.+) \|$/gm)) {
    table.set(
      m[1],
      [...m[2].matchAll(/`([^`]+)`/g)].map((x) => x[1]),
    );
  }
  return table;
}

/** The layer of a repo-relative file: `src/runner/suites/auth.ts` → `src/runner`; `src/errors.ts` → `src/*.ts`. */
function layerOf(file: string): string {
  const parts = file.split("/");
  return parts.length === 2 ? ROOT_LAYER : `${parts[0]}/${parts[1]}`;
}

const isTestFile = (file: string) => file.endsWith(".test.ts") || file.split("/").includes("test-support");

/** Why an import from `from` to `to` (repo-relative .ts files) breaks the rules, or undefined when allowed. */
function importProblem(table: Map<string, string[]>, from: string, to: string): string | undefined {
  if (!to.startsWith("src/")) return undefined;
  if (isTestFile(to)) return `${from} imports test support ${to}`;
  const [a, b] = [layerOf(from), layerOf(to)];
  if (a === b) return undefined;
  const allowed = table.get(a);
  if (!allowed) return `${from}: layer ${a} is not in the table of ARCHITECTURE.md`;
  if (allowed.includes(b) || allowed.includes(to)) return undefined;
  return `${from} imports ${to}: ${a} may not import ${b}${allowed.some((x) => layerOf(x) === b) ? ` (only ${allowed.filter((x) => layerOf(x) === b).join(", ")})` : ""}`;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (name.endsWith(".ts")) out.push(relative(ROOT, path).split("\\").join("/"));
  }
  return out;
}

/** Every relative import of a file, as repo-relative .ts paths. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(ROOT, file), "utf8"), true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) =>
      relative(ROOT, resolve(dirname(join(ROOT, file)), name))
        .split("\\")
        .join("/"),
    )
    .map((path) => path.replace(/\.js$/, ".ts"));
}

/** A file loop of `graph` (file → the files it imports), as the path that closes it, or undefined. */
function fileCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const visit = (file: string, path: string[]): string[] | undefined => {
    if (state.get(file) === "done") return undefined;
    if (state.get(file) === "open") return [...path.slice(path.indexOf(file)), file];
    state.set(file, "open");
    for (const next of graph.get(file) ?? []) {
      const found = graph.has(next) ? visit(next, [...path, file]) : undefined;
      if (found) return found;
    }
    state.set(file, "done");
    return undefined;
  };
  for (const file of graph.keys()) {
    const found = visit(file, []);
    if (found) return found;
  }
  return undefined;
}

describe("import rules (ARCHITECTURE.md)", () => {
  const table = readTable();

  it("has a row for every layer under src/, and an acyclic graph", () => {
    // Test support shared by every layer's tests (src/test-support: the probe worker of worker-host.test.ts, the
    // secret assertions, the clocks) is no layer: nothing shipped imports it.
    const layers = new Set(
      sourceFiles(join(ROOT, "src"))
        .filter((f) => !isTestFile(f))
        .map(layerOf),
    );
    expect([...layers].filter((l) => !table.has(l))).toEqual([]);
    // Depth-first search for a cycle among the allowed layer edges.
    const state = new Map<string, "open" | "done">();
    const cycle = (layer: string, path: string[]): string[] | undefined => {
      if (state.get(layer) === "done") return undefined;
      if (state.get(layer) === "open") return [...path, layer];
      state.set(layer, "open");
      for (const next of new Set((table.get(layer) ?? []).map(layerOf))) {
        const found = cycle(next, [...path, layer]);
        if (found) return found;
      }
      state.set(layer, "done");
      return undefined;
    };
    for (const layer of table.keys()) expect(cycle(layer, []), layer).toBeUndefined();
  });

  it("every import of every non-test file under src/ is allowed", () => {
    const files = sourceFiles(join(ROOT, "src")).filter((f) => !isTestFile(f));
    expect(files.length).toBeGreaterThan(300);
    const problems = files.flatMap((f) => importsOf(f).map((to) => importProblem(table, f, to)));
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it("has no file loop among the non-test files under src/ (type-only imports included)", () => {
    const files = sourceFiles(join(ROOT, "src")).filter((f) => !isTestFile(f));
    expect(fileCycle(new Map(files.map((f) => [f, importsOf(f)])))).toBeUndefined();
    const loop = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "x.ts"]],
      ["c.ts", ["b.ts"]],
    ]);
    expect(fileCycle(loop)).toEqual(["b.ts", "c.ts", "b.ts"]);
    expect(
      fileCycle(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toBeUndefined();
  });

  it("refuses an upward import, a private file of an entry-only layer, and test support", () => {
    expect(importProblem(table, "src/checks/check.ts", "src/runner/suite.ts")).toMatch(
      /may not import src\/runner/,
    );
    expect(importProblem(table, "src/generate/index.ts", "src/runner/suite.ts")).toMatch(/may not import/);
    expect(importProblem(table, "src/runner/suites/index.ts", "src/load/run-load.ts")).toMatch(
      /may not import/,
    );
    expect(importProblem(table, "src/load/run-load.ts", "src/runner/fixtures.ts")).toMatch(
      /only src\/runner\/index.ts/,
    );
    expect(importProblem(table, "src/load/run-load.ts", "src/runner/index.ts")).toBeUndefined();
    expect(importProblem(table, "src/server/types.ts", "src/transport/send.ts")).toMatch(/may not import/);
    expect(importProblem(table, "src/runner/engine.ts", "src/checks/test-support/exchanges.ts")).toMatch(
      /test support/,
    );
  });
});
