import { describe, expect, it } from "vitest";
import { validateAs } from "../contract/registry.js";
import { decodeRequest } from "./decode-request.js";
import { negativeCases } from "./negative-cases.js";
import { emptyFixtures, sampleFixtures } from "./test-support/fixtures.js";

const cases = negativeCases(sampleFixtures());

function violations(request: (typeof cases)[number]["request"]): unknown[] {
  const decoded = decodeRequest(request);
  if (decoded.schema === null) throw new Error(`no request schema for ${request.operation}`);
  if ("error" in decoded) return [decoded.error];
  return validateAs(decoded.schema, decoded.value);
}

describe("negativeCases", () => {
  it("has unique kebab-case names, each with a sentence and a section", () => {
    const names = cases.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of cases) {
      expect(c.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(c.sentence.length).toBeGreaterThan(5);
      expect(c.section).toMatch(/^(Endpoints|Resources) \//);
    }
  });

  it("puts every at-bound case inside the request schemas", () => {
    for (const c of cases.filter((c) => c.expect.status === 200))
      expect(violations(c.request), c.name).toEqual([]);
  });

  it("puts every past-bound case outside the request schemas", () => {
    for (const c of cases.filter((c) => c.expect.status !== 200)) {
      expect(violations(c.request).length, c.name).toBeGreaterThan(0);
    }
  });

  it("covers each bound on both sides", () => {
    const names = new Set(cases.map((c) => c.name));
    const expected = [
      "resolve-query-length-0",
      "resolve-query-length-1",
      "resolve-query-length-300",
      "resolve-query-length-301",
      "resolve-limit-0",
      "resolve-limit-1",
      "resolve-limit-50",
      "resolve-limit-51",
      "resolve-limit-fraction",
      "resolve-types-notjson",
      "entity-get-include-30",
      "entity-get-include-31",
      "entity-get-include-malformed-json",
      "entity-get-extend-4",
      "entity-get-extend-5",
      "entity-get-extend-unknown-name",
      "entity-get-cursor-5-items",
      "entity-get-cursor-6-items",
      "entity-get-cursor-string-300",
      "entity-get-cursor-string-301",
      "entity-get-dataset-unknown",
      "batch-ids-0",
      "batch-ids-1",
      "batch-ids-100",
      "batch-ids-101",
      "batch-id-length-2",
      "batch-id-length-3",
      "batch-id-length-300",
      "batch-id-length-301",
      "batch-unknown-property",
      "batch-ids-as-string",
      "batch-dataset-as-number",
      "batch-malformed-json",
      "batch-oversize-body",
    ];
    for (const name of expected) expect(names, name).toContain(name);
  });

  it("sends 100 distinct ids at the batch bound, padding with well-formed missing ids", () => {
    for (const fixtures of [sampleFixtures(), emptyFixtures()]) {
      const c = negativeCases(fixtures).find((x) => x.name === "batch-ids-100")!;
      const ids = (c.request.body as { json: { ids: string[] } }).json.ids;
      expect(new Set(ids).size).toBe(100);
      for (const id of ids) expect(id).toMatch(/^cb:[^:]+:.+$/);
    }
  });

  it("expects 413 for a body of about 10 MB and 400 invalid_arguments past every other bound", () => {
    const oversize = cases.find((c) => c.name === "batch-oversize-body")!;
    expect(oversize.expect).toEqual({ status: 413 });
    const raw = (oversize.request.body as { raw: Buffer }).raw;
    expect(raw.length).toBeGreaterThanOrEqual(10 * 1024 * 1024);
    for (const c of cases.filter((x) => x.expect.status !== 200 && x !== oversize)) {
      expect(c.expect, c.name).toEqual({ status: 400, code: "invalid_arguments" });
    }
  });
});
