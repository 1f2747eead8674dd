import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { SLOW_FIRST, SlowFirstSequencer } from "./slow-first-sequencer.js";

const root = "/repo";
/** A vitest that remembers nothing, as in a fresh clone. */
const freshClone = {
  config: { root },
  cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
} as unknown as Vitest;
const spec = (path: string, project: string, groupOrder: number) =>
  ({
    moduleId: join(root, path),
    project: { name: project, config: { sequence: { groupOrder }, isolate: false } },
  }) as unknown as TestSpecification;

describe("SlowFirstSequencer", () => {
  it("starts the known slow files first in their project, slowest first, and keeps the projects' order", async () => {
    const files = [
      spec("src/a.test.ts", "unit", 0),
      spec(SLOW_FIRST[2], "unit", 0),
      spec("src/load/load-command-quiet.test.ts", "quiet", 1),
      spec("src/b.test.ts", "unit", 0),
      spec(SLOW_FIRST[0], "unit", 0),
    ];
    const sorted = await new SlowFirstSequencer(freshClone).sort(files);
    expect(sorted.map((f) => f.moduleId.slice(root.length + 1))).toEqual([
      SLOW_FIRST[0],
      SLOW_FIRST[2],
      "src/a.test.ts",
      "src/b.test.ts",
      "src/load/load-command-quiet.test.ts",
    ]);
  });

  it("names files that exist (a renamed one would silently lose its place)", () => {
    expect(SLOW_FIRST.filter((f) => !existsSync(f))).toEqual([]);
  });
});
