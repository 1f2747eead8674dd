import { describe, expect, it } from "vitest";
import { writeUuid } from "./uuid-bytes.js";

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("writeUuid", () => {
  it("writes version-4 uuids in place, leaving the bytes around them alone, all different", () => {
    const out = Buffer.alloc(40, "#");
    const seen = new Set<string>();
    // 2,000 uuids: past several refills of the random pool (256 uuids each).
    for (let i = 0; i < 2000; i++) {
      writeUuid(out, 2);
      const text = out.toString("latin1");
      expect(text.slice(0, 2)).toBe("##");
      expect(text.slice(38)).toBe("##");
      expect(text.slice(2, 38)).toMatch(V4);
      seen.add(text.slice(2, 38));
    }
    expect(seen.size).toBe(2000);
  });

  it("draws every free hex digit from all 16 values (random, not a counter)", () => {
    const out = Buffer.alloc(36);
    const values = Array.from({ length: 36 }, () => new Set<string>());
    for (let i = 0; i < 2000; i++) {
      writeUuid(out, 0);
      const text = out.toString("latin1");
      for (let p = 0; p < 36; p++) values[p].add(text[p]);
    }
    for (let p = 0; p < 36; p++) {
      if ([8, 13, 18, 23].includes(p)) expect([...values[p]]).toEqual(["-"]);
      else if (p === 14) expect([...values[p]]).toEqual(["4"]);
      else if (p === 19) expect(values[p].size).toBe(4);
      else expect(values[p].size).toBe(16);
    }
  });
});
