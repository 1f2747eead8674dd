/**
 * The document as Redocly's linter reads it, with its `recommended` ruleset: no error and no warning (an
 * unused component, a missing licence, an operation without a 4xx would each be one).
 */
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document.js";

async function lint(document: unknown): Promise<string[]> {
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: "/cbcheck/openapi.json",
    config,
  });
  return problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ""})`);
}

describe("the OpenAPI document under Redocly's recommended ruleset", () => {
  it("has no error and no warning", async () => {
    expect(await lint(buildOpenApiDocument())).toEqual([]);
  });

  it("is held to it: a component nothing uses, or no licence, is reported", async () => {
    const document = buildOpenApiDocument() as {
      info: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    document.components.schemas.Unused = { type: "string" };
    delete document.info.license;
    const problems = (await lint(document)).join("\n");
    expect(problems).toContain("no-unused-components");
    expect(problems).toContain("info-license");
  });
});
