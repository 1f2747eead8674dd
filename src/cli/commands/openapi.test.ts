/**
 * `cbcheck openapi` through the CLI's entry, main(argv, io), in-process: the document on stdout or in a file, and one-line errors
 * with exit 2 for an unwritable output or a bad flag.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../openapi/document.js";
import { runMain } from "../test-support/run-main.js";

const dir = mkdtempSync(join(tmpdir(), "cbcheck-openapi-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const openapi = (...args: string[]) => runMain(["openapi", ...args]);

describe("cbcheck openapi", () => {
  it("writes the document to stdout", async () => {
    const { code, stdout, stderr } = await openapi();
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(buildOpenApiDocument());
  });

  it("writes the document to --output, with the server defaults given by flags", async () => {
    const file = join(dir, "cb-v1.openapi.json");
    const { code, stdout } = await openapi("--output", file, "--base-url", "https://api.example.com/v1");
    expect(code).toBe(0);
    expect(stdout).toBe("");
    const written = JSON.parse(readFileSync(file, "utf8"));
    expect(written.openapi).toMatch(/^3\.1\./);
    expect(written.servers[0].variables.base_url.default).toBe("https://api.example.com/v1");
  });

  it("reports an unwritable --output in one line with exit 2", async () => {
    const { code, stdout, stderr } = await openapi("--output", join(dir, "no-such-dir", "x.json"));
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^cbcheck: cannot write .*x\.json \(ENOENT\) \[CB_OUTPUT_UNWRITABLE\]\n$/);
  });

  it("reports a base URL that is not an http(s) URL in one line with exit 2", async () => {
    const { code, stderr } = await openapi("--base-url", "ftp://example.com");
    expect(code).toBe(2);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain("--base-url must be an http(s) URL");
  });
});
