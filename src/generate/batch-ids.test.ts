import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { batchIds } from "./batch-ids.js";

describe("batchIds", () => {
  it("always gives 1..100 distinct ids of 3..300 characters", () => {
    fc.assert(
      fc.property(batchIds(["cb:org:923609016", "cb:person:x1"]), (ids) => {
        expect(ids.length).toBeGreaterThanOrEqual(1);
        expect(ids.length).toBeLessThanOrEqual(100);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(id.length).toBeGreaterThanOrEqual(3);
      }),
    );
  });

  it("stays within the pool when missing ids are not wanted", () => {
    const pool = ["cb:identity:instagram:a", "cb:identity:instagram:b"];
    fc.assert(fc.property(batchIds(pool, false), (ids) => ids.every((id) => pool.includes(id))));
  });
});
