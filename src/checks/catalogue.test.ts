import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue.js";
import { runChecks, selectChecks } from "./run-checks.js";
import { EXAMPLES } from "./test-support/examples/index.js";

/** Kebab-case file name of a check id: `ext.subunits.cap` → `ext-subunits-cap.ts`. */
const fileOf = (id: string) => `${id.replaceAll(/[._]/g, "-")}.ts`;

describe("catalogue", () => {
  it("has unique ids in the dotted style", () => {
    const ids = CATALOGUE.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(\.[a-z0-9_]+)+$/);
  });

  it("lists every check file in src/checks, one check per file named after its id", () => {
    const files = readdirSync(new URL(".", import.meta.url)).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    );
    const checkFiles = files.filter(
      (f) => !["check.ts", "catalogue.ts", "run-checks.ts", "request-view.ts"].includes(f),
    );
    expect(checkFiles.sort()).toEqual(CATALOGUE.map((c) => fileOf(c.id)).sort());
  });

  it("has a passing and a failing example for every check", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(CATALOGUE.map((c) => c.id).sort());
  });

  it("selects checks by id and names unknown ids", () => {
    const { checks, unknown } = selectChecks(["resolve.cursor_null", "no.such_check"]);
    expect(checks.map((c) => c.id)).toEqual(["resolve.cursor_null"]);
    expect(unknown).toEqual(["no.such_check"]);
  });

  it("gives every check the level its failures have: fail (errors only), warn (warnings only), or both", () => {
    for (const c of CATALOGUE) {
      const source = readFileSync(new URL(fileOf(c.id), import.meta.url), "utf8");
      const warns = source.includes('"warning"');
      const severity = EXAMPLES[c.id].severity;
      if (c.level === "fail") expect([warns, severity], c.id).toEqual([false, "error"]);
      if (c.level === "warn") expect(severity, c.id).toBe("warning");
      if (c.level === "fail or warn") expect(warns, c.id).toBe(true);
    }
  });

  it("carries a section and a sentence for every check", () => {
    for (const c of CATALOGUE) {
      expect(c.section.length, c.id).toBeGreaterThan(3);
      expect(c.sentence.length, c.id).toBeGreaterThan(10);
    }
  });
});

describe.each(CATALOGUE.map((c) => [c.id, c] as const))("%s", (id, check) => {
  const example = EXAMPLES[id];

  it("applies to its passing example and finds nothing; no other check fails it either", () => {
    expect(check.appliesTo(example.pass)).toBe(true);
    expect(check.run(example.pass)).toEqual([]);
    expect(runChecks(example.pass)).toEqual([]);
  });

  it("fails its seeded violation with a pointer, expected and received", () => {
    expect(check.appliesTo(example.fail)).toBe(true);
    const found = check.run(example.fail);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) {
      expect(f.checkId).toBe(id);
      expect(f.title.length).toBeGreaterThan(5);
    }
    expect(found[0].severity).toBe(example.severity);
    expect(found[0].pointer).toBeTypeOf("string");
    expect(found[0].received).toBeTypeOf("string");
    expect(runChecks(example.fail, [id])).toEqual(found);
  });
});
