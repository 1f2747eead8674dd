/**
 * docs/openapi.md "Reusing it" runs as written: the keys file is sourced only once the server has written it
 * (the snippet once sourced it at once, before `serve` had started). Run with bash against the built CLI, on a
 * free port instead of 8080.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT_CLI } from "./test-support/built-cli.js";

const dir = mkdtempSync(join(tmpdir(), "cbcheck-openapi-doc-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The first `sh` block after "### Reusing it". */
function reusingSnippet(): string {
  const doc = readFileSync("docs/openapi.md", "utf8");
  const section = doc.slice(doc.indexOf("### Reusing it"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error("no sh block under ### Reusing it");
  return block;
}

describe("docs/openapi.md, Reusing it", () => {
  it("sources the keys the server wrote, then writes the document", () => {
    const bin = join(dir, "bin");
    spawnSync("mkdir", ["-p", bin]);
    writeFileSync(join(bin, "cbcheck"), `#!/bin/sh\nexec "${process.execPath}" "${BUILT_CLI}" "$@"\n`);
    chmodSync(join(bin, "cbcheck"), 0o755);
    const snippet = reusingSnippet().replace("--port 8080", "--port 0");
    const script = `set -e\ntrap 'kill $! 2>/dev/null || true' EXIT\n${snippet}\ntest -n "$CB_API_KEY"\necho "key:$CB_API_KEY"\n`;
    const run = spawnSync("bash", ["-c", script], {
      cwd: dir,
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, CB_API_KEY: "" },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^key:cbk_plus_[0-9a-f]+$/m);
    expect(JSON.parse(readFileSync(join(dir, "cb-v1.openapi.json"), "utf8")).openapi).toBe("3.1.0");
  });
});
