import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENT_RULES } from "../certify/rules/index.js";
import { CATALOGUE } from "../checks/catalogue.js";
import type { JudgedVerdict } from "./judged-verdict.js";
import { allVerdicts, verdictById } from "./registry.js";
import { unregisteredIds } from "./test-support/unregistered.js";

const verdicts = allVerdicts();
const LEVELS = ["fail", "warn", "fail or warn", "required", "recommended", "inconclusive"];
/** The dotted snake style: `area.snake_case`, more dots allowed (`ext.subunits.cap`). */
const STYLE = /^[a-z]+(\.[a-z0-9]+(_[a-z0-9]+)*)+$/;

describe("the verdict registry", () => {
  it("has unique ids, all in the dotted snake style", () => {
    const ids = verdicts.map((v) => v.id);
    expect(ids.length - new Set(ids).size).toBe(0);
    expect(ids.filter((id) => !STYLE.test(id))).toEqual([]);
    expect(STYLE.test("negative.batch-ids-101")).toBe(false);
    expect(STYLE.test("harness.check-crashed")).toBe(false);
  });

  it("gives every verdict a section, a sentence and a level", () => {
    for (const v of verdicts) {
      expect(v.section.length, v.id).toBeGreaterThan(3);
      expect(v.sentence.length, v.id).toBeGreaterThan(10);
      expect(LEVELS, v.id).toContain(v.level);
    }
  });

  it("names for every verdict files that exist and refer to it", () => {
    const root = new URL("../../", import.meta.url);
    for (const v of verdicts) {
      expect(v.judgedIn.length, v.id).toBeGreaterThan(0);
      for (const file of v.judgedIn) {
        expect(existsSync(new URL(file, root)), `${v.id}: ${file}`).toBe(true);
        const text = readFileSync(new URL(file, root), "utf8");
        expect(
          text.includes(v.id) || text.includes(v.name),
          `${v.id}: ${file} names neither it nor ${v.name}`,
        ).toBe(true);
      }
    }
  });

  it("registers every check and every client rule with its own definition", () => {
    for (const c of [...CATALOGUE, ...CLIENT_RULES]) {
      expect(verdictById(c.id), c.id).toMatchObject({
        id: c.id,
        section: c.section,
        sentence: c.sentence,
        level: c.level,
      });
    }
    for (const r of CLIENT_RULES) {
      expect(r.id).toMatch(/^client\./);
      expect(["required", "recommended"]).toContain(r.level);
    }
  });

  it("registers every verdict defined in src/verdicts", async () => {
    const dir = new URL("./", import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    let defined = 0;
    for (const file of files) {
      const module: Record<string, unknown> = await import(new URL(file, dir).href);
      for (const value of Object.values(module)) {
        if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
        for (const v of Object.values(value as Record<string, Partial<JudgedVerdict>>)) {
          if (typeof v?.id !== "string" || !Array.isArray(v.judgedIn)) continue;
          defined++;
          expect(verdictById(v.id), `${file}: ${v.id}`).toMatchObject({
            sentence: v.sentence,
            level: v.level,
          });
        }
      }
    }
    expect(defined).toBeGreaterThan(20);
  });

  it("knows no other id, and names the unregistered ids of a report", () => {
    expect(verdictById("no.such_verdict")).toBeUndefined();
    const report = { results: [{ id: "resolve.cursor_null" }, { id: "harness.check-crashed" }] };
    expect(unregisteredIds(report as never)).toEqual(["harness.check-crashed"]);
  });
});
