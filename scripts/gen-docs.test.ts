import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../src/checks/catalogue.js";
import { APPLIES_WHEN } from "../src/checks/docs/applies-when.js";
import { renderChecks } from "../src/checks/docs/render-checks.js";
import { renderRules, ruleCounts } from "../src/checks/docs/render-rules.js";
import { schemaRefProblem } from "../src/checks/docs/schema-refs.js";
import { RULES, ruleStatus } from "../src/checks/rules.js";

const read = (name: string) => readFileSync(new URL(`../docs/${name}`, import.meta.url), "utf8");

describe("generated docs", () => {
  it("docs/contract-rules.md and docs/checks.md are what `npm run gen:docs` writes", () => {
    expect(read("contract-rules.md")).toBe(renderRules());
    expect(read("checks.md")).toBe(renderChecks());
  });

  it("every check id in the rules exists in the catalogue, and every catalogue check appears in the rules", () => {
    const catalogue = new Set(CATALOGUE.map((c) => c.id));
    const used = new Set(RULES.flatMap((r) => r.checks ?? []));
    expect([...used].filter((id) => !catalogue.has(id))).toEqual([]);
    expect([...catalogue].filter((id) => !used.has(id))).toEqual([]);
    expect(Object.keys(APPLIES_WHEN).sort()).toEqual([...catalogue].sort());
  });

  it("every schema reference points to an existing schema file and location", () => {
    const problems = RULES.flatMap((r) => r.schema ?? [])
      .map(schemaRefProblem)
      .filter(Boolean);
    expect(problems).toEqual([]);
    expect(schemaRefProblem("envelope.schema.json#/properties/nope")).toMatch(/not found/);
    expect(schemaRefProblem("nope.schema.json#")).toMatch(/does not exist/);
  });

  it("every rule is enforced, explained as not checkable, or marked as a client rule", () => {
    for (const rule of RULES) {
      const enforced = Boolean(rule.schema?.length || rule.checks?.length || rule.suites?.length);
      expect(enforced || Boolean(rule.notCheckable) || Boolean(rule.client), rule.sentence).toBe(true);
      expect(rule.sentence.length, rule.section).toBeGreaterThan(10);
    }
    const c = ruleCounts();
    expect(c.covered + c["not checkable"] + c["client rule"]).toBe(RULES.length);
    expect(RULES.filter((r) => ruleStatus(r) === "covered").length).toBe(c.covered);
  });
});
