/**
 * The OpenAPI document is valid OpenAPI 3.1 (checked by @readme/openapi-parser: the 3.1 meta-schema plus
 * its semantic rules and $ref resolution) and covers the contract: every operation, parameter bound, body,
 * error status with the error body, the headers of 401 and 429, the bearer scheme and both servers.
 * The expected lists below are transcribed from the contract text, not read from the generator's tables.
 */
import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document.js";

// biome-ignore lint/suspicious/noExplicitAny: the test walks the document as plain JSON.
type Obj = Record<string, any>;
const doc = buildOpenApiDocument() as Obj;

/** Endpoints: the three shown operations and the table of "Other operations". */
const OPERATIONS = [
  ["get", "/resolve"],
  ["get", "/entities/{id}"],
  ["post", "/entities/batch"],
  ["get", "/me"],
  ["get", "/capabilities"],
  ["get", "/usage"],
  ["post", "/search"],
  ["post", "/traversals"],
] as const;
/** Errors: "Status codes listed for the operations". */
const ERROR_STATUSES = ["400", "401", "402", "403", "404", "405", "409", "413", "429", "503"];

const op = (method: string, path: string): Obj => doc.paths[path][method];
const param = (method: string, path: string, name: string): Obj =>
  op(method, path).parameters.find((p: Obj) => p.name === name);
const deref = (ref: string): Obj =>
  ref
    .split("/")
    .slice(1)
    .reduce((o: Obj, k) => o[k], doc);

async function validateOpenApi(document: Obj) {
  return validate(structuredClone(document) as never);
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 for @readme/openapi-parser", async () => {
    const result = await validateOpenApi(doc);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it("would be refused by the validator if broken (a dangling $ref, an undeclared path parameter)", async () => {
    const dangling = structuredClone(doc);
    dangling.paths["/entities/batch"].post.requestBody.content["application/json"].schema.$ref =
      "#/components/schemas/NoSuchSchema";
    expect((await validateOpenApi(dangling)).valid).toBe(false);
    const noPathParam = structuredClone(doc);
    noPathParam.paths["/entities/{id}"].get.parameters.shift();
    expect((await validateOpenApi(noPathParam)).valid).toBe(false);
    const badType = structuredClone(doc);
    badType.paths["/me"].get.responses["200"].description = 3;
    expect((await validateOpenApi(badType)).valid).toBe(false);
  });

  it("declares exactly the contract's operations, each with every error status and the error body", () => {
    const declared = Object.entries(doc.paths as Obj).flatMap(([path, item]) =>
      Object.keys(item).map((method) => [method, path]),
    );
    expect(declared.sort()).toEqual(OPERATIONS.map(([m, p]) => [m, p]).sort());
    for (const [method, path] of OPERATIONS) {
      const responses = op(method, path).responses;
      expect(Object.keys(responses).sort(), `${method} ${path}`).toEqual(["200", ...ERROR_STATUSES].sort());
      for (const status of ERROR_STATUSES) {
        const response = deref(responses[status].$ref);
        expect(response.content["application/json"].schema).toEqual({
          $ref: "#/components/schemas/ErrorBody",
        });
      }
    }
  });

  it("requires WWW-Authenticate on 401 and Retry-After (whole seconds) on 429", () => {
    const header = (status: string, name: string) =>
      deref(deref(`#/components/responses/Error${status}`).headers[name].$ref);
    expect(header("401", "WWW-Authenticate")).toMatchObject({ required: true, schema: { type: "string" } });
    expect(header("429", "Retry-After")).toMatchObject({
      required: true,
      schema: { type: "integer", minimum: 1 },
    });
    expect(deref("#/components/responses/Error402").headers).toBeUndefined();
  });

  it("declares the bearer scheme for every operation and the two servers", () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.servers.map((s: Obj) => s.url)).toEqual(["{base_url}", "{alt_base_url}"]);
    const custom = buildOpenApiDocument({ baseUrl: "https://api.example.com/v1" }) as Obj;
    expect(custom.servers[0].variables.base_url.default).toBe("https://api.example.com/v1");
    expect(custom.servers[1].variables.alt_base_url.default).toBe("http://127.0.0.1:8080/api/v1");
  });

  it("declares the parameters of GET /resolve with their bounds", () => {
    expect(param("get", "/resolve", "query")).toMatchObject({
      in: "query",
      required: true,
      schema: { type: "string", minLength: 1, maxLength: 300 },
    });
    expect(param("get", "/resolve", "limit")).toMatchObject({
      required: false,
      schema: { type: "integer", minimum: 1, maximum: 50, default: 10 },
    });
    expect(param("get", "/resolve", "types")).toMatchObject({
      required: false,
      content: { "application/json": { schema: { type: ["array", "null"], maxItems: 20 } } },
    });
    expect(param("get", "/resolve", "types").schema).toBeUndefined();
  });

  it("declares the parameters of GET /entities/{id}, the JSON-encoded ones as application/json", () => {
    expect(param("get", "/entities/{id}", "id")).toMatchObject({ in: "path", required: true });
    expect(param("get", "/entities/{id}", "dataset").schema).toMatchObject({ enum: ["basic", "influencer"] });
    expect(param("get", "/entities/{id}", "as_of").schema).toMatchObject({ format: "date-time" });
    const json = (name: string) => param("get", "/entities/{id}", name).content["application/json"].schema;
    expect(json("include")).toMatchObject({ type: "array", maxItems: 30 });
    expect(json("extend")).toMatchObject({
      maxItems: 4,
      items: { enum: expect.arrayContaining(["subunits"]) },
    });
    expect(json("cursor")).toMatchObject({ type: ["array", "null"], maxItems: 5 });
    const names = op("get", "/entities/{id}").parameters.map((p: Obj) => p.name);
    expect(names.sort()).toEqual(["as_of", "cursor", "dataset", "extend", "id", "include"]);
  });

  it("declares the batch body and the 200 bodies of the shown operations", () => {
    const body = op("post", "/entities/batch").requestBody;
    expect(body.required).toBe(true);
    expect(body.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/BatchRequest" });
    expect(deref("#/components/schemas/BatchRequest")).toMatchObject({
      additionalProperties: false,
      properties: { ids: { minItems: 1, maxItems: 100, items: { minLength: 3, maxLength: 300 } } },
    });
    const ok = (m: string, p: string) => op(m, p).responses["200"].content["application/json"].schema;
    expect(ok("get", "/resolve")).toEqual({ $ref: "#/components/schemas/ResolveResponse" });
    for (const [m, p] of [
      ["get", "/entities/{id}"],
      ["post", "/entities/batch"],
    ]) {
      expect(ok(m, p).anyOf).toEqual([
        { $ref: "#/components/schemas/EntitiesResponse" },
        { $ref: "#/components/schemas/InfluencerResponse" },
      ]);
    }
    expect(ok("get", "/me")).toEqual({ $ref: "#/components/schemas/Me" });
    expect(deref("#/components/schemas/Me").required).toEqual(["api_access", "credits", "credential"]);
  });

  it("invents nothing for the operations whose request and response are not shown", () => {
    for (const [method, path] of OPERATIONS.slice(4)) {
      const operation = op(method, path);
      expect(operation.parameters, path).toBeUndefined();
      expect(operation.requestBody, path).toBeUndefined();
      expect(operation.responses["200"].content["application/json"].schema, path).toEqual({});
      expect(operation.description, path).toMatch(/not shown/);
    }
    expect(op("get", "/me").parameters).toBeUndefined();
  });
});
