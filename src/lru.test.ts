import { describe, expect, it } from "vitest";
import { Lru } from "./lru.js";

describe("Lru", () => {
  it("makes a value once and returns it from the cache after", () => {
    const lru = new Lru<string, number>(2);
    let made = 0;
    expect(lru.get("a", () => ++made)).toBe(1);
    expect(lru.get("a", () => ++made)).toBe(1);
    expect(made).toBe(1);
  });

  it("drops the least recently used entry past its capacity, and says which", () => {
    const dropped: string[] = [];
    const lru = new Lru<string, number>(2, (key) => dropped.push(key));
    lru.set("a", 1);
    lru.set("b", 2);
    expect(lru.peek("a")).toBe(1); // a is now the most recent
    lru.set("c", 3);
    expect(dropped).toEqual(["b"]);
    expect(lru.peek("b")).toBeUndefined();
    expect([lru.peek("a"), lru.peek("c"), lru.size]).toEqual([1, 3, 2]);
  });

  it("caches undefined as a value, and a set replaces without growing", () => {
    const lru = new Lru<string, number | undefined>(1);
    let made = 0;
    const make = () => {
      made++;
      return undefined;
    };
    lru.get("u", make);
    lru.get("u", make);
    expect(made).toBe(1);
    lru.set("u", 5);
    expect([lru.peek("u"), lru.size]).toEqual([5, 1]);
  });
});
