/**
 * The published package, end to end: `npm pack` (from a staged clean copy, built by its own `prepack`; when
 * dist/ is fresh its compile step copies the build `npm test` has just made, see pack-and-install.ts), then a
 * separate TypeScript project installs the tarball, type-checks `import { run, validate, startServer } from
 * "cbcheck"` against the shipped declarations, runs the program with node, and certifies the shipped adapter
 * example with plain node through the installed `cbcheck` bin.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unresolvedTypeImports } from "./test-support/declaration-imports.js";
import { runIn } from "./test-support/npm.js";
import { installTarball, type Packed, packStaged, ROOT } from "./test-support/pack-and-install.js";
import { packProblems } from "./test-support/pack-problems.js";

const CONSUMER = join(ROOT, "src/library/test-support/consumer");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    types: ["node"],
    // As most projects have it: tsc then skips checking node_modules' own .d.ts (undici's alone take ~15 s);
    // that every import of ours resolves where the package is installed is checked below (unresolvedTypeImports), and misuse.ts
    // proves the declarations are real types, not `any`.
    skipLibCheck: true,
    outDir: "out",
    rootDir: ".",
  },
  files: ["main.ts", "misuse.ts"],
};

describe("the packed package", () => {
  const dir = mkdtempSync(join(tmpdir(), "cbcheck-pack-"));
  let packed: Packed;
  let app: string;

  beforeAll(async () => {
    packed = await packStaged(dir);
    app = await installTarball(dir, packed.tarball);
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("ships no test files, test support, fixtures or dangling source maps; declarations and entries present", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    const read = (path: string) => readFileSync(join(packed.stage, path), "utf8");
    expect(packProblems(packed.files, pkg, read)).toEqual([]);
    expect(packed.files).toEqual(
      expect.arrayContaining([
        "dist/library/index.d.ts",
        "examples/reference-client-adapter.js",
        "generated/validators.cjs",
        "schemas/entities-response.schema.json",
        "suites/load/latency.json",
      ]),
    );
    expect(packed.files.filter((f) => f.startsWith("examples/"))).toEqual([
      "examples/python-client/cb_client.py",
      "examples/python-client/certify_adapter.py",
      "examples/reference-client-adapter.js",
    ]);
  });

  it("ships a package.json without install scripts: npm warns on installing a package with one (prepare included)", () => {
    const shipped = JSON.parse(readFileSync(join(app, "node_modules/cbcheck/package.json"), "utf8"));
    for (const script of ["preinstall", "install", "postinstall", "prepare"])
      expect(shipped.scripts?.[script], script).toBeUndefined();
    // The checkout keeps it: `npm ci` there builds dist/.
    expect(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts.prepare).toBe(
      "npm run build",
    );
  });

  it("type-checks a program importing run, validate and startServer, and runs it with node", async () => {
    writeFileSync(join(app, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
    const installed = join(app, "node_modules/cbcheck/dist");
    expect(unresolvedTypeImports(join(installed, "library/index.d.ts"))).toEqual([]);
    // The check finds what it looks for: the load driver's declarations use types from a devDependency.
    expect(unresolvedTypeImports(join(installed, "load/wire-requests.d.ts"))).toContain(
      `autocannon: ${join(installed, "load/wire-requests.d.ts")}`,
    );
    for (const file of TSCONFIG.files) copyFileSync(join(CONSUMER, file), join(app, file));
    const tsc = await runIn(app, process.execPath, [TSC, "-p", "tsconfig.json"]);
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.code).toBe(0);
    // CommonJS too (Node 20.19+ loads ES modules with require): the same exports.
    const required = await runIn(app, process.execPath, [
      "-e",
      'const c = require("cbcheck"); console.log([typeof c.run, typeof c.validate, typeof c.startServer].join())',
    ]);
    expect(required.stdout.trim(), required.stderr).toBe("function,function,function");
    const ran = await runIn(app, process.execPath, ["out/main.js"]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({
      version: JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version,
      verdict: "pass",
      embedded: [true, "pass"],
      rows: expect.any(Number),
      failed: [],
      valid: true,
      usage: "CB_USAGE",
    });
  });

  it("certifies the shipped adapter example, run with plain node, through the installed bin", async () => {
    const adapter = join(app, "node_modules/cbcheck/examples/reference-client-adapter.js");
    const args = [
      "certify-client",
      "--scenario",
      "happy",
      "--report-dir",
      join(dir, "cert"),
      "--timeout-s",
      "30",
    ];
    const ran = await runIn(app, join(app, "node_modules/.bin/cbcheck"), [
      ...args,
      "--",
      process.execPath,
      adapter,
    ]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain("CERTIFIED");
  });
});

describe("packProblems", () => {
  it("names each kind of problem in a bad file list", () => {
    const files = [
      "dist/library/index.js",
      "dist/a.test.js",
      "dist/b/test-support/x.d.ts",
      "fixtures/schemas/node/valid.json",
      "dist/c.js",
      "dist/c.d.ts",
      "dist/c.js.map",
    ];
    const pkg = { types: "./dist/library/index.d.ts", bin: { x: "dist/cli/main.js" } };
    const maps: Record<string, string> = { "dist/c.js.map": JSON.stringify({ sources: ["../src/c.ts"] }) };
    expect(packProblems(files, pkg, (p) => maps[p])).toEqual([
      "no declarations: dist/library/index.js",
      "test file: dist/a.test.js",
      "no declarations: dist/a.test.js",
      "test support: dist/b/test-support/x.d.ts",
      "fixture: fixtures/schemas/node/valid.json",
      "source map dist/c.js.map names src/c.ts, not shipped",
      "entry not shipped: dist/library/index.d.ts",
      "entry not shipped: dist/cli/main.js",
    ]);
  });
});
