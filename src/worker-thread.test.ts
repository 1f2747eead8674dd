/**
 * builtModule: tests run the worker threads and children they start from dist/ when it holds a fresh build,
 * and from the sources otherwise; the shipped package (already JavaScript) is never redirected.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { newestSource } from "./test-support/built-modules.js";
import { builtModule, runBuiltModulesFrom, siblingModule } from "./worker-thread.js";

const dist = mkdtempSync(join(tmpdir(), "cbcheck-built-"));
mkdirSync(join(dist, "load"));
writeFileSync(join(dist, "load", "validation-worker.js"), "");
const source = siblingModule(import.meta.url, "load/validation-worker");
afterEach(() => runBuiltModulesFrom(undefined));

describe("builtModule", () => {
  it("gives a source module's built twin once tests name dist/, when the twin exists", () => {
    runBuiltModulesFrom(dist);
    expect(source).toMatch(/\/src\/load\/validation-worker\.ts$/);
    expect(builtModule(source)).toBe(pathToFileURL(join(dist, "load", "validation-worker.js")).href);
    // Not built (test support): stays on its source, under tsx.
    const probe = siblingModule(import.meta.url, "test-support/probe-worker");
    expect(builtModule(probe)).toBe(probe);
  });

  it("leaves every module alone without it, and a built module always", () => {
    runBuiltModulesFrom(undefined);
    expect(builtModule(source)).toBe(source);
    runBuiltModulesFrom(dist);
    const shipped = pathToFileURL(join(dist, "load", "validation-worker.js")).href;
    expect(builtModule(shipped)).toBe(shipped);
  });

  it("dates the sources by the files the build reads, not tests or test support", () => {
    const src = mkdtempSync(join(tmpdir(), "cbcheck-sources-"));
    try {
      mkdirSync(join(src, "load", "test-support"), { recursive: true });
      writeFileSync(join(src, "load", "a.ts"), "");
      writeFileSync(join(src, "load", "a.test.ts"), "");
      writeFileSync(join(src, "load", "test-support", "b.ts"), "");
      utimesSync(join(src, "load", "a.ts"), 1000, 1000);
      // Tests and test support are not built: their times do not count.
      expect(newestSource(src)).toBe(1_000_000);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });
});
