import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validRequests } from "./index.js";
import { sampleFixtures } from "./test-support/fixtures.js";
import { characterClassesOf, characterCount } from "./text-units.js";
import { unknownNodeId } from "./unknown-id.js";

describe("unknownNodeId", () => {
  it("is cb:<type>:<key> of 3..300 characters, never an org or identity id (whose key format is shown)", () => {
    fc.assert(
      fc.property(unknownNodeId(), (id) => {
        expect(id).toMatch(/^cb:[a-z_]+:.+$/su);
        expect(id).not.toMatch(/^cb:(org|identity):/);
        const n = characterCount(id);
        expect(n).toBeGreaterThanOrEqual(3);
        expect(n).toBeLessThanOrEqual(300);
      }),
      { numRuns: 300 },
    );
  });

  it("reaches path ids and batch ids with reserved, astral and combining characters", () => {
    const fixtures = sampleFixtures();
    const gets = fc.sample(validRequests("entity-get", fixtures, { allowCredits: false }), {
      numRuns: 400,
      seed: 5,
    });
    const ids = gets.map((r) => decodeURIComponent(r.path.slice("/entities/".length)));
    const classes = new Set(ids.flatMap((id) => [...characterClassesOf(id.replace(/^cb:[a-z_]+:/, ""))]));
    for (const c of ["reserved", "astral", "combining", "cjk"]) expect(classes).toContain(c);
    // The path stays one segment: every reserved character is percent-encoded.
    for (const r of gets) expect(r.path).toMatch(/^\/entities\/[^/?#]+$/);
  });
});
