import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FILE_LIMITS, readCappedFile, readCappedFileSync } from "./read-capped-file.js";
import { RUN_DEFAULTS } from "./runner/run-defaults.js";

const dir = mkdtempSync(join(tmpdir(), "cbcheck-capped-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const small = join(dir, "small.json");
writeFileSync(small, '{"ok":true}');
const sparse = join(dir, "sparse.json");
writeFileSync(sparse, "");
truncateSync(sparse, 64 * 1024 * 1024 * 1024); // 64 GiB, no blocks on disk
const fifo = join(dir, "fifo");
execFileSync("mkfifo", [fifo]);

const readers = {
  sync: async (path: string, max: number) => readCappedFileSync(path, max, "test file"),
  async: (path: string, max: number) => readCappedFile(path, max, "test file"),
};

describe.each(Object.entries(readers))("readCappedFile (%s)", (_name, read) => {
  it("reads a small regular file", async () => {
    expect(await read(small, 1024)).toBe('{"ok":true}');
  });

  it.each([
    ["/dev/zero", /test file \/dev\/zero is a character device, not a regular file/],
    [fifo, /is a FIFO \(named pipe\), not a regular file/],
    [dir, /is a directory, not a regular file/],
    [join(dir, "missing"), /cannot read test file .*missing \(ENOENT\)/],
  ])("refuses %s at once with CB_FILE_UNREADABLE", async (path, message) => {
    await expect(read(path, 1024)).rejects.toMatchObject({ code: "CB_FILE_UNREADABLE", message });
  });

  it("refuses a file over the cap (a huge sparse file, and one byte over) with CB_INPUT_TOO_LARGE", async () => {
    await expect(read(sparse, 1024)).rejects.toMatchObject({ code: "CB_INPUT_TOO_LARGE" });
    await expect(read(small, 10)).rejects.toMatchObject({
      code: "CB_INPUT_TOO_LARGE",
      message: /small\.json is 11 bytes, over the limit of 10 bytes/,
    });
  });

  it("refuses a validate document past run's 16 MiB body cap before reading it (issue 26: 238 MiB ended in a V8 abort)", async () => {
    expect(FILE_LIMITS.document).toBe(RUN_DEFAULTS.maxBodyBytes);
    const over = join(dir, "over.json");
    writeFileSync(over, "");
    truncateSync(over, FILE_LIMITS.document + 1);
    await expect(read(over, FILE_LIMITS.document)).rejects.toMatchObject({
      code: "CB_INPUT_TOO_LARGE",
      message: /is 16777217 bytes, over the limit of 16777216 bytes/,
    });
  });

  it("stops at the cap when the size on disk says nothing (procfs reports 0 bytes)", async () => {
    // /proc/self/maps has stat size 0 but content; a cap of 16 bytes must still hold.
    await expect(read("/proc/self/maps", 16)).rejects.toMatchObject({ code: "CB_INPUT_TOO_LARGE" });
  });
});
