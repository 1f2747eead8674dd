import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../src/checks/catalogue.js";
import { allVerdicts } from "../src/verdicts/registry.js";
import { CONTRACT_SENTENCES, sentenceStatus } from "../src/verdicts/sentences/index.js";
import { APPLIES_WHEN } from "./docs/applies-when.js";
import { renderSentences, sentenceCounts } from "./docs/render-sentences.js";
import { renderVerdicts, VERDICT_GROUPS } from "./docs/render-verdicts.js";
import { schemaRefProblem } from "./docs/schema-refs.js";

const read = (name: string) => readFileSync(new URL(`../docs/${name}`, import.meta.url), "utf8");

describe("generated docs", () => {
  it("docs/contract-rules.md and docs/checks.md are what `npm run gen:docs` writes", () => {
    expect(read("contract-rules.md")).toBe(renderSentences());
    expect(read("checks.md")).toBe(renderVerdicts());
  });

  it("every check id in the rules exists in the catalogue, and every catalogue check appears in the rules", () => {
    const catalogue = new Set(CATALOGUE.map((c) => c.id));
    const used = new Set(CONTRACT_SENTENCES.flatMap((r) => r.checks ?? []));
    expect([...used].filter((id) => !catalogue.has(id))).toEqual([]);
    expect([...catalogue].filter((id) => !used.has(id))).toEqual([]);
    expect(Object.keys(APPLIES_WHEN).sort()).toEqual([...catalogue].sort());
  });

  it("docs/checks.md lists every registered id, each linked to a file that judges it", () => {
    const page = read("checks.md");
    for (const v of allVerdicts()) {
      expect(page, v.id).toContain(`[\`${v.id}\`](../${v.judgedIn[0]})`);
      expect(
        VERDICT_GROUPS.some(([, holds]) => v.judgedIn.some((f) => holds.test(f))),
        v.id,
      ).toBe(true);
    }
  });

  it("every schema reference points to an existing schema file and location", () => {
    const problems = CONTRACT_SENTENCES.flatMap((r) => r.schema ?? [])
      .map(schemaRefProblem)
      .filter(Boolean);
    expect(problems).toEqual([]);
    expect(schemaRefProblem("envelope.schema.json#/properties/nope")).toMatch(/not found/);
    expect(schemaRefProblem("nope.schema.json#")).toMatch(/does not exist/);
  });

  it("every rule is enforced, explained as not checkable, or marked as a client rule", () => {
    for (const rule of CONTRACT_SENTENCES) {
      const enforced = Boolean(rule.schema?.length || rule.checks?.length || rule.suites?.length);
      expect(enforced || Boolean(rule.notCheckable) || Boolean(rule.client), rule.sentence).toBe(true);
      expect(rule.sentence.length, rule.section).toBeGreaterThan(10);
    }
    const c = sentenceCounts();
    expect(c.covered + c["not checkable"] + c["client rule"]).toBe(CONTRACT_SENTENCES.length);
    expect(CONTRACT_SENTENCES.filter((r) => sentenceStatus(r) === "covered").length).toBe(c.covered);
  });
});
