/**
 * New bounds, formats and enum values in a request schema reach generation (the coverage phase and the
 * random phase) and the validity decision with no code change: a copy of schemas/ gains a keyword or four,
 * and the compiler and the classifier built over that copy follow it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { classifyRequest } from "../contract/request-class.js";
import { SCHEMAS_DIR } from "../contract/schema-files.js";
import { createSchemaRegistry } from "../contract/schema-registry.js";
import { partsOf } from "./encode-request.js";
import { inputCases } from "./input-cases.js";
import { sampleFixtures } from "./test-support/fixtures.js";
import { validRequests } from "./valid-requests.js";

const dir = mkdtempSync(join(tmpdir(), "cbcheck-schemas-"));
cpSync(SCHEMAS_DIR, dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Edits one schema file of the copy. */
function change(
  name: string,
  edit: (schema: { properties: Record<string, Record<string, unknown>> }) => void,
): void {
  const file = join(dir, `${name}.schema.json`);
  const schema = JSON.parse(readFileSync(file, "utf8"));
  edit(schema);
  writeFileSync(file, JSON.stringify(schema));
}

change("resolve-request", (s) => {
  s.properties.limit.maximum = 20;
  s.properties.since = { type: "string", format: "date" };
});
change("entity-get-request", (s) => {
  (s.properties.extend.items as { enum: string[] }).enum.push("ownership_chain");
  s.properties.extend.maxItems = 5;
});
change("batch-request", (s) => {
  (s.properties.ids.items as { maxLength: number }).maxLength = 120;
});
const registry = createSchemaRegistry(`${dir}/`);
const opts = { allowCredits: false };
const fixtures = sampleFixtures();
const labelsOf = (op: Parameters<typeof inputCases>[0], parameter: string, cls: string) =>
  inputCases(op, fixtures, opts, registry)
    .filter((c) => c.kind === "alone" && c.parameter === parameter && c.class === cls)
    .flatMap((c) => c.label.split("; "));
const classOf = (operation: string, query: Record<string, string>, path = "/resolve") =>
  classifyRequest({ operation, method: "GET", path, query }, registry)?.class;

describe("a keyword added to a request schema", () => {
  it("moves a bound: limit 1 to 20", () => {
    expect(labelsOf("resolve", "limit", "valid")).toEqual(
      expect.arrayContaining(["at maximum 20", "one below maximum 20"]),
    );
    expect(labelsOf("resolve", "limit", "invalid")).toContain("one above maximum 20");
    expect(classOf("resolve", { query: "a", limit: "21" })).toBe("invalid");
    expect(classOf("resolve", { query: "a", limit: "20" })).toBe("valid");
    const limits = fc
      .sample(validRequests("resolve", fixtures, opts, registry), { numRuns: 300, seed: 5 })
      .map((r) => Number(r.query?.limit ?? 0));
    expect(Math.max(...limits)).toBe(20);
  });

  it("adds a parameter of a format: every form of a date, and forms outside it", () => {
    expect(labelsOf("resolve", "since", "valid")).toEqual(
      expect.arrayContaining(["date: leap day", "date: latest year (9999)"]),
    );
    expect(labelsOf("resolve", "since", "invalid")).toEqual(
      expect.arrayContaining(["date: month 13", "date: a date-time"]),
    );
    expect(classOf("resolve", { query: "a", since: "2023-02-29" })).toBe("invalid");
    const sent = fc
      .sample(validRequests("resolve", fixtures, opts, registry), { numRuns: 300, seed: 5 })
      .filter((r) => r.query?.since !== undefined);
    expect(sent.length).toBeGreaterThan(50);
    for (const r of sent) expect(classifyRequest(partsOf(r), registry)?.class, r.query?.since).toBe("valid");
  });

  it("adds an enum member: ownership_chain is sent alone and drawn, and its near-misses refused", () => {
    expect(labelsOf("entity-get", "extend", "valid")).toEqual(
      expect.arrayContaining(['item: enum value "ownership_chain"']),
    );
    const path = "/entities/cb%3Aorg%3A923609016";
    expect(classOf("entity-get", { extend: '["ownership_chain"]' }, path)).toBe("valid");
    expect(classOf("entity-get", { extend: '["OWNERSHIP_CHAIN"]' }, path)).toBe("invalid");
    const drawn = fc
      .sample(validRequests("entity-get", fixtures, opts, registry), { numRuns: 300, seed: 5 })
      .some((r) => r.query?.extend?.includes("ownership_chain"));
    expect(drawn).toBe(true);
  });

  it("moves an item bound: ids of 3 to 120 characters", () => {
    expect(labelsOf("entity-batch", "ids", "invalid")).toContain("item: one above maxLength 120 (astral)");
    expect(labelsOf("entity-batch", "ids", "valid")).toContain(
      "item: cbcheck-node-id: at maxLength 120 (astral key)",
    );
    const body = (ids: string[]) => JSON.stringify({ ids });
    const batch = (ids: string[]) =>
      classifyRequest(
        { operation: "entity-batch", method: "POST", path: "/entities/batch", body: body(ids) },
        registry,
      )?.class;
    expect(batch([`cb:person:${"a".repeat(111)}`])).toBe("invalid");
    expect(batch([`cb:person:${"a".repeat(110)}`])).toBe("valid");
  });
});
