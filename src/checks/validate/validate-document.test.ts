import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { HarnessError } from "../../errors.js";
import { CATALOGUE } from "../catalogue.js";
import { influencerExchange, resolveExchange } from "../test-support/exchanges.js";
import { kindNames, resolveKind } from "./kinds.js";
import { inferOperation, requestFromJson } from "./request-input.js";
import { DATASET_CHECKS, REQUEST_CHECKS, validateDocument } from "./validate-document.js";

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

describe("validate assumes no request it was not given", () => {
  const influencer = (count: number) => {
    const x = influencerExchange(count);
    return validateDocument(x.response?.json, x.response?.bodyText ?? "", resolveKind("influencer"));
  };

  it("--as influencer means the influencer dataset: a valid page passes, and the dataset's rules run", () => {
    const result = influencer(3);
    expect(result.findings).toEqual([]);
    expect(result.checksRun).toEqual(
      expect.arrayContaining([
        "dataset.response_matches_request",
        "influencer.nodes_cap",
        "influencer.one_network",
      ]),
    );
    expect(influencer(26).findings.map((f) => f.source)).toContain("influencer.nodes_cap");
  });

  it("checks that read the request's ids, include or extend are not run without it", () => {
    const result = influencer(3);
    const notRun = result.notRun.map((n) => n.id);
    for (const id of REQUEST_CHECKS) expect(result.checksRun, id).not.toContain(id);
    expect(notRun).toEqual(
      expect.arrayContaining(["entities.nodes_requested", "coverage.consistent_with_request"]),
    );
  });

  it("lists every check that reads the request (a new one cannot judge a request nobody gave)", () => {
    const dir = fileURLToPath(new URL("..", import.meta.url));
    for (const check of CATALOGUE) {
      const source = readFileSync(`${dir}${check.id.replaceAll(/[._]/g, "-")}.ts`, "utf8");
      // Reading the method or headers is fine: the stand-in request has both, empty; anything else is the request.
      const readsRequest = /requestView\(|\.request\.(?!method|headers)/.test(source);
      if (!readsRequest || check.id === "response.schema") continue;
      expect([...REQUEST_CHECKS, ...DATASET_CHECKS], check.id).toContain(check.id);
    }
  });
});
