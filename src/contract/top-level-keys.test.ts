import { describe, expect, it } from "vitest";
import { topLevelKeysRepeated } from "./top-level-keys.js";

describe("topLevelKeysRepeated", () => {
  it("names keys given twice at the top level only, whatever strings and nested objects hold", () => {
    expect(topLevelKeysRepeated('{"ids":["a"],"ids":["a"]}')).toEqual(["ids"]);
    expect(topLevelKeysRepeated('{"a":{"b":1,"b":2},"c":"\\"a\\":","a":3}')).toEqual(["a"]);
    expect(topLevelKeysRepeated('{"a":1,"b":[{"a":2}]}')).toEqual([]);
    expect(topLevelKeysRepeated('[{"a":1,"a":2}]')).toEqual([]);
    expect(topLevelKeysRepeated(' {"\\u0061":1,"a":2}')).toEqual(["a"]);
  });
});
