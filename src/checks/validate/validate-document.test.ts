import { describe, expect, it } from "vitest";
import { HarnessError } from "../../errors.js";
import { resolveExchange } from "../test-support/exchanges.js";
import { kindNames, resolveKind } from "./kinds.js";
import { inferOperation, requestFromJson } from "./request-input.js";
import { validateDocument } from "./validate-document.js";

describe("validate kinds", () => {
  it("accepts every schema name and the aliases; response kinds carry operation and status", () => {
    expect(kindNames()).toEqual(
      expect.arrayContaining(["envelope", "error", "node", "edge", "entities", "resolve"]),
    );
    expect(resolveKind("entities")).toMatchObject({
      schema: "entities-response",
      isResponse: true,
      operation: "entity-batch",
      status: 200,
    });
    expect(resolveKind("node")).toMatchObject({ schema: "node", isResponse: false });
    expect(() => resolveKind("nope")).toThrow(HarnessError);
  });

  it("infers the operation of a request and reads --request JSON", () => {
    expect(inferOperation("GET", "/entities/cb%3Aorg%3A1?dataset=basic")).toBe("entity-get");
    expect(inferOperation("POST", "/entities/batch")).toBe("entity-batch");
    expect(inferOperation("GET", "/resolve")).toBe("resolve");
    expect(inferOperation("DELETE", "/resolve")).toBe("other");
    const req = requestFromJson('{"path":"/resolve?query=Firma","query":{"limit":5}}');
    expect(req).toMatchObject({ method: "GET", path: "/resolve", query: { query: "Firma", limit: "5" } });
  });
});

describe("validateDocument", () => {
  const body = resolveExchange(12).response!;

  it("runs only what a file allows and lists relevant checks not run", () => {
    const result = validateDocument(body.json, body.bodyText, resolveKind("resolve"));
    expect(result.findings).toEqual([]);
    const notRun = result.notRun.map((n) => n.id);
    expect(notRun).toContain("resolve.limit_respected");
    expect(notRun).not.toContain("ext.subunits.cap");
    expect(result.checksRun).toContain("resolve.cursor_null");
  });

  it("with the request, judges the limit (12 candidates for the default 10)", () => {
    const request = requestFromJson('{"path":"/resolve?query=Firma"}');
    const result = validateDocument(body.json, body.bodyText, resolveKind("resolve"), { request });
    expect(result.findings.map((f) => f.source)).toEqual(["resolve.limit_respected"]);
  });
});
