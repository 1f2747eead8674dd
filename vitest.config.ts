import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["src/report/test-support/prepare-browser.ts"],
    // On CI a JSON summary too, so that .ci/run can end on a plain "N passed, N failed" line.
    reporters: process.env.CI ? ["default", ["json", { outputFile: "reports/vitest.json" }]] : ["default"],
  },
});
