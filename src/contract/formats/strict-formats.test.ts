import { describe, expect, it } from "vitest";
import { PREFERRED } from "../preferred-view.js";
import { validateAs } from "../registry.js";
import { readSchemaFiles } from "../schema-files.js";
import { validFixtures } from "../test-support/schema-fixtures.js";
import { STRICT_FORMATS } from "./strict-formats.js";

/**
 * Every `format` keyword value of a schema document's rules (our preferences name our own formats, which no
 * RFC defines: preferred-view.ts).
 */
function formatsIn(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) formatsIn(item, out);
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === PREFERRED) continue;
      if (key === "format" && typeof value === "string") out.add(value);
      else formatsIn(value, out);
    }
  }
  return out;
}

const envelope = validFixtures("envelope")[0].value as Record<string, unknown>;
const edge = validFixtures("edge").find((f) => f.file.endsWith("full.json"))?.value as Record<
  string,
  unknown
>;

const violationsAt = (schema: "envelope" | "edge" | "error", value: unknown) =>
  validateAs(schema, value).map((v) => `${v.pointer} ${v.keyword}`);

describe("strict formats in the schema registry", () => {
  it("judges every format a schema of schemas/ uses by its RFC", () => {
    const used = new Set<string>();
    for (const file of readSchemaFiles()) formatsIn(file.schema, used);
    expect([...used].sort()).toEqual(["date-time", "uri", "uuid"]);
    for (const name of used) expect(Object.keys(STRICT_FORMATS), name).toContain(name);
  });

  it("fails a response whose date-time, uuid or uri only ajv-formats' lenient patterns accept", () => {
    expect(violationsAt("envelope", envelope)).toEqual([]);
    expect(violationsAt("envelope", { ...envelope, as_of: "2026-01-01 00:00:00Z" })).toEqual([
      "/as_of format",
    ]);
    expect(violationsAt("envelope", { ...envelope, as_of: "2026-01-01T00:00:00+0100" })).toEqual([
      "/as_of format",
    ]);
    expect(
      violationsAt("envelope", { ...envelope, request_id: "urn:uuid:3f2b8c1e-9a4d-4c6e-8f10-2b7d5e9a1c34" }),
    ).toEqual(["/request_id format"]);
    expect(violationsAt("edge", { ...edge, recorded_at: "2024-01-15T23:59:60Z" })).toEqual([
      "/recorded_at format",
    ]);
    const plan = { error: { code: "plan_required", required_tier: "plus", upgrade_url: "https://a@b@c" } };
    expect(violationsAt("error", plan)).toEqual(["/error/upgrade_url format"]);
  });

  it("passes every form RFC 3339 allows, in every validator of the registry", () => {
    for (const asOf of [
      "2026-01-01t00:00:00.123456789z",
      "2026-01-01T01:00:00+01:00",
      "2016-12-31T23:59:60.999999999999999Z", // ajv-formats refuses it (60.999999999999999 reads as 61)
    ])
      expect(violationsAt("envelope", { ...envelope, as_of: asOf }), asOf).toEqual([]);
  });
});
