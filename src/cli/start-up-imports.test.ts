/**
 * What every spawned `cbcheck` loads before its command's action runs — `--help`, `--version`, a typo, a bad
 * flag: the static import closure of the bin (src/cli/main.ts). The commands register their names, flags, help
 * and defaults from light modules and load their implementations with `import()` when their action runs, so
 * that none of the heavy ones (the runner, load with autocannon, the proxy, the server, certification, ajv) is
 * in it: they cost about 0.8 s of CPU at every start (0.9-1.0 s before, 0.15-0.2 s after, on the team machine).
 */
import { describe, expect, it } from "vitest";
import { runtimeImports, staticClosure } from "./test-support/static-closure.js";

/**
 * The modules of other layers that registering the commands may load: defaults, names and flag parsers, each
 * apart from the implementation it belongs to. Anything else a command needs is loaded by its action
 * (`commands/X-action.ts`, imported when the command runs).
 */
const LIGHT = [
  "src/certify/option-parsers.ts",
  "src/certify/scenario-descriptions.ts",
  "src/checks/support/json.ts",
  "src/checks/validate/request-input.ts",
  "src/checks/validate/validate-defaults.ts",
  "src/generate/generated-operation.ts",
  "src/load/coordinated-start.ts",
  "src/load/load-defaults.ts",
  "src/load/profile-names.ts",
  "src/load/segment.ts",
  "src/monitor/monitor-defaults.ts",
  "src/openapi/openapi-defaults.ts",
  "src/proxy/proxy-defaults.ts",
  "src/report/escape.ts",
  "src/report/report-formats.ts",
  "src/runner/compare/compare-defaults.ts",
  "src/runner/option-parsers.ts",
  "src/runner/run-defaults.ts",
  "src/server/mutations.ts",
];

/** A few of the implementations the start-up used to load, named so that a failure reads plainly. */
const HEAVY = [
  "src/runner/run-conformance.ts",
  "src/load/run-load.ts",
  "src/proxy/run-proxy.ts",
  "src/server/index.ts",
  "src/certify/certify-client.ts",
  "src/contract/registry.ts",
];

describe("the start-up of the installed cbcheck", () => {
  const { files, packages } = staticClosure("src/cli/main.ts");

  it("loads no command's implementation before its action runs", () => {
    expect(files).toContain("src/cli/program.ts");
    expect(files).toContain("src/cli/commands/run-flags.ts");
    expect(files.filter((f) => HEAVY.includes(f))).toEqual([]);
    // Outside src/cli and the shared src/*.ts, only the light modules above.
    const elsewhere = files.filter((f) => !f.startsWith("src/cli/") && f.split("/").length > 2);
    expect(elsewhere.filter((f) => !LIGHT.includes(f))).toEqual([]);
    expect(files.filter((f) => /^src\/cli\/commands\/.*-action\.ts$/.test(f))).toEqual([]);
    // No ajv, autocannon, undici, hdr-histogram-js, fast-check, cli-progress, prom-client: commander only.
    expect(packages).toEqual(["commander"]);
  });

  it("reads run-time imports only: types and import() load nothing", () => {
    const source = [
      'import type { A } from "./a.js";',
      'import { type B, type C } from "./b.js";',
      'import { type D, e } from "./d.js";',
      'import f from "./f.js";',
      'import "./side-effect.js";',
      'export type { G } from "./g.js";',
      'export { h } from "./h.js";',
      'const i = await import("./i.js");',
    ].join("\n");
    expect(runtimeImports(source)).toEqual(["./d.js", "./f.js", "./side-effect.js", "./h.js"]);
  });
});
