/**
 * Example: cb/v1 conformance inside your own vitest suite, through the cbcheck library.
 * The API under test here is cbcheck's own reference server (so the example runs anywhere); for yours, give
 * `run` its `baseUrl`, `altBaseUrl` and keys, and a fixtures file of ids that exist there.
 */
import { CbClient, type RunningServer, run, startServer, validate } from "cbcheck";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

describe("my Company Graph Read API honours cb/v1", () => {
  let server: RunningServer;
  beforeAll(async () => {
    // The contract's 120 calls a minute lifted, so that the example runs in seconds; against a real API's
    // limit, run() paces itself on its 429s and the same suites take a few minutes (docs/api.md).
    server = await startServer({ seed: 7, rateLimit: 1_000_000 });
  });
  afterAll(() => server?.close());

  it("passes the http, auth and schema suites", async () => {
    const report = await run({
      baseUrl: server.url,
      altBaseUrl: server.altUrl,
      apiKey: server.keys.plus,
      freeApiKey: server.keys.free,
      fixtures: server.fixtures,
      suites: ["http", "auth", "schema"],
      runs: 10,
      seed: 42,
    });
    const failures = report.results.filter((row) => row.status === "fail");
    // On a failure the message lists every failing row with its counterexamples (request, curl line, why).
    expect(failures, JSON.stringify(failures, null, 2)).toEqual([]);
    expect(report.verdict).toBe("pass");
    expect(report.summary.passed).toBeGreaterThan(0);
  });

  it("answers a batch read with a body that is valid as `entities` for that request", async () => {
    const client = new CbClient({ baseUrl: server.url, apiKey: server.keys.plus });
    const request = { ids: server.fixtures.org_ids.slice(0, 3), extend: ["subunits" as const] };
    const body = await client.batchOnce(request);
    const result = validate("entities", body, { method: "POST", path: "/entities/batch", body: request });
    expect(result.findings).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.checksRun).toContain("ext.keys_requested_orgs");
  });
});
