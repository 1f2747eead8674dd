/**
 * Flags from cbcheck.config.json and CBCHECK_* variables, through the CLI's entry main(argv, io) in a
 * working directory of its own: the command line wins, then the environment, then the file; a bad file or
 * value is a one-line exit 2.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { configSchema } from "./config-sources.js";
import { buildProgram } from "./program.js";
import { type MainOutcome, runMain } from "./test-support/run-main.js";

const dir = mkdtempSync(join(tmpdir(), "cbcheck-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `cbcheck ARGS…` in-process, in `dir` (where ./cbcheck.config.json is looked for). */
function cli(args: string[], env: Record<string, string> = {}): Promise<MainOutcome> {
  return runMain(args, { cwd: dir, env });
}

const serverUrl = (stdout: string) => JSON.parse(stdout).servers[0].variables.base_url.default as string;

describe("config file and CBCHECK_* variables", () => {
  it("reads ./cbcheck.config.json; CBCHECK_* beats it; a flag beats both", async () => {
    writeFileSync(
      join(dir, "cbcheck.config.json"),
      JSON.stringify({ openapi: { baseUrl: "https://file.example/v1" } }),
    );
    const fromFile = await cli(["openapi"]);
    expect(serverUrl(fromFile.stdout)).toBe("https://file.example/v1");
    // Reading the file prints nothing (ajv's strict mode once printed 88 lines).
    expect(fromFile.stderr).toBe("");
    const env = { CBCHECK_BASE_URL: "https://env.example/v1" };
    expect(serverUrl((await cli(["openapi"], env)).stdout)).toBe("https://env.example/v1");
    const flag = await cli(["openapi", "--base-url", "https://flag.example/v1"], env);
    expect(serverUrl(flag.stdout)).toBe("https://flag.example/v1");
    rmSync(join(dir, "cbcheck.config.json"));
  });

  it("takes --config FILE, and refuses unknown options, bad values and unreadable files (exit 2, one line)", async () => {
    const file = join(dir, "other.json");
    writeFileSync(file, JSON.stringify({ openapi: { baseUrl: "https://other.example/v1" } }));
    expect(serverUrl((await cli(["--config", file, "openapi"])).stdout)).toBe("https://other.example/v1");
    writeFileSync(file, JSON.stringify({ openapi: { bogus: 1 } }));
    const unknown = await cli(["--config", file, "openapi"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /config .*other\.json\/openapi: must NOT have additional properties "bogus" \[CB_INPUT_INVALID\]/,
    );
    writeFileSync(file, JSON.stringify({ openapi: { baseUrl: "ftp://nope" } }));
    const bad = await cli(["--config", file, "openapi"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/openapi\.baseUrl: .*http/);
    const env = await cli(["run"], { CBCHECK_RUNS: "many" });
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/^cbcheck: CBCHECK_RUNS: .*\[CB_USAGE\]$/m);
    const missing = await cli(["--config", join(dir, "nope.json"), "openapi"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read config .*nope\.json \(ENOENT\)/);
  });

  it("reads the config through the capped reader: an oversize file or a directory is one line, exit 2", async () => {
    const big = join(dir, "big.json");
    // Valid JSON past the 1 MiB cap: refused before it is parsed, with the size and the cap.
    writeFileSync(big, `{"openapi": {"baseUrl": "https://big.example/v1"}}${" ".repeat(1024 * 1024)}`);
    const oversize = await cli(["--config", big, "openapi"]);
    expect(oversize.code).toBe(2);
    expect(oversize.stderr).toMatch(
      /^cbcheck: config .*big\.json is \d+ bytes, over the limit of 1048576 bytes \[CB_INPUT_TOO_LARGE\]$/m,
    );
    const folder = await cli(["--config", dir, "openapi"]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/config .* is a directory, not a regular file \[CB_FILE_UNREADABLE\]/);
  });

  it("has a schema with a section per command and an entry per flag", () => {
    const schema = configSchema(buildProgram()) as { properties: Record<string, { properties: object }> };
    expect(Object.keys(schema.properties.run.properties)).toEqual(
      expect.arrayContaining(["baseUrl", "runs", "suite", "seed"]),
    );
    expect(schema.properties.load).toBeDefined();
  });
});
