/**
 * A Lua script for wrk and wrk2 that cycles through a prepared request mix, so that they send the same
 * requests as cbcheck load. The key is written into a temporary file only, never printed.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PreparedRequest } from "../../src/load/request-mix.js";

/** Writes the script for `requests` against `baseUrl` (with its /v1 path) and returns its path. */
export function writeWrkScript(
  requests: readonly PreparedRequest[],
  baseUrl: string,
  apiKey: string,
): string {
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, "");
  const lines = requests.map((r) => {
    const headers = `{ ["Authorization"] = "Bearer ${apiKey}", ["Accept"] = "application/json"${r.body === undefined ? "" : `, ["Content-Type"] = "application/json"`} }`;
    const body = r.body === undefined ? "nil" : `[==[${r.body}]==]`;
    return `  wrk.format("${r.method}", [==[${basePath}${r.path}]==], ${headers}, ${body}),`;
  });
  const script = `local reqs = {\n${lines.join("\n")}\n}\nlocal i = 0\nrequest = function()\n  i = i % #reqs + 1\n  return reqs[i]\nend\n`;
  const path = join(mkdtempSync(join(tmpdir(), "cbcheck-bench-wrk-")), "mix.lua");
  writeFileSync(path, script);
  return path;
}
