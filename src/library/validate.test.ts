import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CbClient, HarnessError, type RunningServer, startServer, validate } from "./index.js";

describe("validate (library)", () => {
  let server: RunningServer;
  let client: CbClient;
  beforeAll(async () => {
    server = await startServer({ seed: 3 });
    client = new CbClient({ baseUrl: server.url, apiKey: server.keys.plus });
  });
  afterAll(() => server?.close());

  it("finds nothing in a served batch body, and runs the request checks only when given the request", async () => {
    const request = { ids: server.fixtures.org_ids.slice(0, 2), extend: ["financial_history" as const] };
    const body = await client.batchOnce(request);
    const alone = validate("entities", body);
    expect(alone).toMatchObject({ valid: true, findings: [], schema: "entities-response" });
    expect(alone.notRun.map((n) => n.id)).toContain("ext.keys_requested_orgs");
    const withRequest = validate("entities", body, { path: "/entities/batch", body: request });
    expect(withRequest.valid).toBe(true);
    expect(withRequest.checksRun).toContain("ext.keys_requested_orgs");
  });

  it("reports a schema violation and a request-dependent violation as error findings", async () => {
    const request = { ids: server.fixtures.org_ids.slice(0, 2), extend: ["financial_history" as const] };
    const body = structuredClone(await client.batchOnce(request)) as Record<string, unknown>;
    body.debug = true;
    const schema = validate("entities", body);
    expect(schema.valid).toBe(false);
    expect(schema.findings).toContainEqual(expect.objectContaining({ pointer: "", severity: "error" }));
    // The body answers two organisations; asked for one, it carries an extension of an organisation not asked for.
    const one = { ids: request.ids.slice(0, 1), extend: request.extend };
    const served = await client.batchOnce(request);
    const mismatch = validate("entities", served, { method: "POST", path: "/entities/batch", body: one });
    expect(mismatch.valid).toBe(false);
    expect(mismatch.findings.map((f) => f.source)).toContain("ext.keys_requested_orgs");
  });

  it("judges an error body under the status given", () => {
    const body = { error: { code: "invalid_arguments" } };
    expect(validate("error", body, undefined, { status: 400 }).valid).toBe(true);
    const at403 = validate("error", body, undefined, { status: 403 });
    expect(at403.findings.map((f) => f.source)).toContain("error.code_for_status");
  });

  it("throws a usage HarnessError for an unknown kind or a request without a path", () => {
    expect(() => validate("nope", {})).toThrow(HarnessError);
    expect(() => validate("entities", {}, { path: "entities/batch" })).toThrow(/must start with/);
  });
});
