/**
 * The vitest project Stryker runs (`npm run mutation`, docs/mutation.md): only the harness in mutation/, one
 * test per suite of `cbcheck run`. Not part of `npm test` (vitest.config.ts includes src/ only).
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    include: ["mutation/**/*.mutation.ts"],
    // The judge (mutation/judge.ts): started once, warm across every mutant this vitest instance runs.
    globalSetup: ["mutation/judge-setup.ts"],
    // A suite of the default run takes seconds; a mutant that slows the server is Stryker's timeout to judge.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
