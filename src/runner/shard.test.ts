import { describe, expect, it } from "vitest";
import { isInShard } from "./shard.js";

describe("isInShard", () => {
  const keys = Array.from({ length: 200 }, (_, i) => `schema:case-${i}`);

  it("puts every key in exactly one shard, the same way every time", () => {
    const count = 3;
    for (const key of keys) {
      const owners = [1, 2, 3].filter((index) => isInShard(key, { index, count }));
      expect(owners).toHaveLength(1);
      expect(isInShard(key, { index: owners[0], count })).toBe(true);
    }
  });

  it("spreads keys over the shards", () => {
    const sizes = [1, 2, 3, 4].map((index) => keys.filter((k) => isInShard(k, { index, count: 4 })).length);
    for (const size of sizes) expect(size).toBeGreaterThan(25);
  });

  it("keeps everything in a single shard", () => {
    expect(keys.every((k) => isInShard(k, { index: 1, count: 1 }))).toBe(true);
  });
});
