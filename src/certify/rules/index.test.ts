import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENT_RULES } from "./index.js";

describe("CLIENT_RULES", () => {
  it("has unique ids `client.<snake_case>`, a sentence, a section and a level on every rule", () => {
    const ids = CLIENT_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of CLIENT_RULES) {
      expect(rule.id).toMatch(/^client\.[a-z0-9]+(_[a-z0-9]+)*$/);
      expect(rule.sentence.length).toBeGreaterThan(10);
      expect(rule.section.length).toBeGreaterThan(3);
      expect(["required", "recommended"]).toContain(rule.level);
    }
  });

  it("is listed in docs/certify-client.md with the same level, and nothing else is", () => {
    const doc = readFileSync("docs/certify-client.md", "utf8");
    const rows = [...doc.matchAll(/^\| `(client\.[a-z0-9_]+)` *\| (required|recommended) *\|/gm)].map(
      (m) => `${m[1]}:${m[2]}`,
    );
    expect(rows.sort()).toEqual(CLIENT_RULES.map((r) => `${r.id}:${r.level}`).sort());
  });
});
