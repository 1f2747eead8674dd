import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
