import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prepareReportDir } from "./prepare-report-dir.js";

const base = mkdtempSync(join(tmpdir(), "cbcheck-report-dir-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("prepareReportDir", () => {
  it("creates missing parents and leaves no probe file behind", async () => {
    const dir = join(base, "a", "b", "c");
    expect(await prepareReportDir(dir)).toBe(dir);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("lets processes that share a missing parent create their directories side by side", async () => {
    // The pods of a split load run each write /reports/RUN/segment-k at once: all find RUN missing, one
    // creates it first, and the others must take it as made (EEXIST), not refuse to write their reports.
    const parent = join(base, "run", "of");
    const dirs = Array.from({ length: 8 }, (_, k) => join(parent, `segment-${k + 1}`));
    expect(await Promise.all(dirs.map((d) => prepareReportDir(d)))).toEqual(dirs);
    expect(readdirSync(parent).sort()).toEqual(dirs.map((d) => basename(d)).sort());
  });

  it("refuses at once, with CB_OUTPUT_UNWRITABLE, a directory under /proc (where a recursive mkdir never returns)", async () => {
    await expect(prepareReportDir("/proc/nope/deeper")).rejects.toMatchObject({
      code: "CB_OUTPUT_UNWRITABLE",
      message: /cannot write reports to \/proc\/nope\/deeper: ENOENT/,
    });
  });

  it("refuses a path whose parent is a file, and a read-only directory", async () => {
    const file = join(base, "file");
    writeFileSync(file, "");
    await expect(prepareReportDir(join(file, "sub"))).rejects.toMatchObject({
      code: "CB_OUTPUT_UNWRITABLE",
      message: /exists and is not a directory/,
    });
    await expect(prepareReportDir("/proc/self")).rejects.toMatchObject({ code: "CB_OUTPUT_UNWRITABLE" });
  });
});
