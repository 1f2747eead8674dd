import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // `import … from "cbcheck"` in examples/ means the package entry: its source here (tsconfig.json maps it the
  // same way); src/library/packed-package.test.ts proves the built, packed package.
  resolve: {
    alias: [
      { find: /^cbcheck$/, replacement: fileURLToPath(new URL("src/library/index.ts", import.meta.url)) },
    ],
  },
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "examples/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["src/report/test-support/prepare-browser.ts"],
    // On CI a JSON summary too, so that .ci/run can end on a plain "N passed, N failed" line.
    reporters: process.env.CI ? ["default", ["json", { outputFile: "reports/vitest.json" }]] : ["default"],
  },
});
