/**
 * What the reference server really answers fits the OpenAPI document: each body validates against the
 * schema the document declares for its operation and status, and the declared headers are there. A tool
 * that tests a server from the document (Schemathesis, Prism's proxy) would find the reference server clean.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../server/index.js";
import { call, entityPath, qs, type TestResponse } from "../server/test-support/harness.js";
import type { RunningServer } from "../server/types.js";
import { buildOpenApiDocument } from "./document.js";
import { componentCompiler } from "./test-support/compile-components.js";

// biome-ignore lint/suspicious/noExplicitAny: the test walks the document as plain JSON.
type Obj = Record<string, any>;
const doc = buildOpenApiDocument() as Obj;
const compiler = componentCompiler(doc as { components: { schemas: unknown } });
const deref = (ref: string): Obj =>
  ref
    .split("/")
    .slice(1)
    .reduce((o: Obj, k) => o[k], doc);

/** The response the document declares for this operation and status (a `$ref` followed). */
function declared(method: string, path: string, status: number): Obj {
  const response = doc.paths[path][method].responses[String(status)];
  expect(response, `${method} ${path} ${status} is declared`).toBeDefined();
  return response.$ref ? deref(response.$ref) : response;
}

/** Asserts the body and the required headers of `res` fit the document. */
function expectConforms(method: string, path: string, res: TestResponse): void {
  const response = declared(method, path, res.status);
  const validate = compiler.schema(response.content["application/json"].schema);
  expect(validate(res.json), JSON.stringify(validate.errors)).toBe(true);
  for (const [name, ref] of Object.entries((response.headers ?? {}) as Record<string, { $ref: string }>)) {
    const header = deref(ref.$ref);
    const value = res.headers.get(name);
    expect(value, `${name} on ${res.status}`).not.toBeNull();
    const typed = header.schema.type === "integer" ? Number(value) : value;
    expect(compiler.schema(header.schema)(typed), `${name}: ${value}`).toBe(true);
  }
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ orgs: 300, rateLimit: 12, rateWindowMs: 60_000 });
});
afterAll(() => server.close());

describe("the reference server against the OpenAPI document", () => {
  it("answers the shown operations with bodies of the declared 200 schemas", async () => {
    const f = server.fixtures;
    const all = ["financial_history", "subunits", "web_identities", "group_parent"];
    expectConforms("get", "/resolve", await call(server, `/resolve${qs({ query: f.resolve_queries[0] })}`));
    const one = await call(server, entityPath(f.org_ids[0], { include: ["*"], extend: all }));
    expect(one.status).toBe(200);
    expectConforms("get", "/entities/{id}", one);
    const batch = await call(server, "/entities/batch", {
      body: { ids: f.org_ids.slice(0, 3), extend: all },
    });
    expect(batch.status).toBe(200);
    expectConforms("post", "/entities/batch", batch);
    const influencer = await call(server, entityPath(f.influencer_ids[0], { dataset: "influencer" }));
    expect(influencer.status).toBe(200);
    expectConforms("get", "/entities/{id}", influencer);
    expectConforms("get", "/me", await call(server, "/me", { key: "team" }));
  });

  it("answers errors with the declared error body and headers (400, 401, 403, 429)", async () => {
    const bad = await call(server, `/resolve${qs({ query: "x", limit: "0" })}`, { key: "team" });
    expect(bad.status).toBe(400);
    expectConforms("get", "/resolve", bad);
    const revoked = await call(server, "/me", { key: "revoked" });
    expect(revoked.status).toBe(401);
    expectConforms("get", "/me", revoked);
    const free = await call(server, "/entities/batch", {
      key: "free",
      body: { ids: server.fixtures.org_ids.slice(0, 1) },
    });
    expect(free.status).toBe(403);
    expectConforms("post", "/entities/batch", free);
    let limited: TestResponse | undefined;
    for (let i = 0; i < 20 && !limited; i++) {
      const res = await call(server, "/me", { key: "noCredits" });
      if (res.status === 429) limited = res;
    }
    expect(limited?.status).toBe(429);
    expectConforms("get", "/me", limited!);
  });

  it("is checked for real: a body the document does not allow fails", () => {
    const validate = compiler.schema(declared("get", "/resolve", 200).content["application/json"].schema);
    expect(validate({ contract: "cb/v1" })).toBe(false);
    const error = compiler.schema(declared("get", "/resolve", 401).content["application/json"].schema);
    expect(error({ error: { code: "invalid_token", detail: "stack trace" } })).toBe(false);
  });
});
