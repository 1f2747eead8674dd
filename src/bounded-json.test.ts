import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countStructure,
  findDepthExcess,
  MAX_CONTAINERS,
  MAX_MEMBERS,
  MAX_NESTING,
  mayNestDeeperThan,
  parseBoundedJson,
  pastStructureBounds,
  renderJson,
} from "./bounded-json.js";

const deep = (depth: number): unknown => JSON.parse("[".repeat(depth) + "]".repeat(depth));

/** Depth by recursion, for comparison on small values. */
function depthOf(v: unknown): number {
  if (typeof v !== "object" || v === null) return 0;
  return 1 + Math.max(0, ...Object.values(v).map(depthOf));
}

describe("renderJson", () => {
  it("writes what JSON.stringify writes when it fits", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        expect(renderJson(v, text.length)).toBe(text);
      }),
    );
  });

  it("cuts longer values to a prefix of JSON.stringify's text ending in …", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 2, max: 40 }), (v, max) => {
        const text = JSON.stringify(v);
        const shown = renderJson(v, max);
        if (text.length <= max) expect(shown).toBe(text);
        else expect(`${text.slice(0, max - 1)}…`).toBe(shown);
      }),
    );
  });

  it("renders a 100,000-deep array and a million-item array without overflow, in about max characters", () => {
    expect(renderJson(deep(100_000), 20)).toBe(`${"[".repeat(19)}…`);
    expect(renderJson(new Array(1_000_000).fill(7), 10)).toBe("[7,7,7,7,…");
    expect(renderJson({ s: "x".repeat(10_000_000) }, 10)).toBe('{"s":"xxx…');
  });
});

describe("findDepthExcess", () => {
  it("agrees with a recursive depth on small values, and points at a container past the limit", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 6 }), (v, limit) => {
        const excess = findDepthExcess(v, limit);
        expect(excess !== undefined).toBe(depthOf(v) > limit);
        if (excess) expect(excess.pointer.split("/").length - 1).toBe(limit);
      }),
    );
  });

  it("finds the place in a 100,000-deep array at the limit, not at the bottom", () => {
    expect(findDepthExcess(deep(100_000), 3)).toEqual({ pointer: "/0/0/0" });
    expect(findDepthExcess({ "a/b": [{ "~": [[]] }] }, 3)).toEqual({ pointer: "/a~1b/0/~0" });
    expect(findDepthExcess(deep(64), 64)).toBeUndefined();
  });
});

describe("mayNestDeeperThan", () => {
  it("is true whenever the parsed text nests deeper than the limit", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 6 }), (v, limit) => {
        if (depthOf(v) > limit) expect(mayNestDeeperThan(JSON.stringify(v), limit)).toBe(true);
      }),
    );
    expect(mayNestDeeperThan('{"a":[1,2],"b":{}}', 3)).toBe(false);
  });
});

describe("parseBoundedJson", () => {
  it("parses JSON a judge can walk, and nothing deeper or larger", () => {
    expect(parseBoundedJson('{"ids":["a"],"x":[[1]]}')).toEqual({ ids: ["a"], x: [[1]] });
    expect(parseBoundedJson("not json")).toBeUndefined();
    const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
    expect(parseBoundedJson(nested(MAX_NESTING))).toBeDefined();
    expect(parseBoundedJson(nested(MAX_NESTING + 1))).toBeUndefined();
    expect(parseBoundedJson(`{"ids":${nested(200_000)}}`)).toBeUndefined();
    expect(parseBoundedJson(`[${"[],".repeat(MAX_CONTAINERS)}[]]`)).toBeUndefined();
  });
});

/** One object of `n` distinct members, `{"0":0,"1":0,…}`. */
const manyMembers = (n: number) =>
  `{${Array.from({ length: n }, (_, i) => `"${i.toString(36)}":0`).join(",")}}`;

describe("countStructure", () => {
  it("counts arrays, objects and members outside strings, stopping just past a limit", () => {
    const text = '{"a":[1,{"b":"[:{\\":"}],"c":{}}';
    expect(countStructure(text, { containers: 10, members: 1 })).toEqual({ containers: 3, members: 2 });
    expect(countStructure(text, { containers: 10, members: 10 })).toEqual({ containers: 4, members: 3 });
    expect(countStructure(text, { containers: 1, members: 10 })).toEqual({ containers: 2, members: 1 });
    // A text too short to pass either limit is not scanned.
    expect(countStructure(text, { containers: 100, members: 100 })).toEqual({ containers: 0, members: 0 });
  });

  it("counts as a character-by-character scan does, strings with escaped quotes and backslash runs included", () => {
    // The scan as it was first written: every character, a backslash inside a string skipping the next one.
    const byCharacter = (text: string, limits: { containers: number; members: number }) => {
      const count = { containers: 0, members: 0 };
      let inString = false;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (inString) {
          if (c === "\\") i++;
          else if (c === '"') inString = false;
        } else if (c === '"') inString = true;
        else if (c === "{" || c === "[") {
          if (++count.containers > limits.containers) return count;
        } else if (c === ":" && ++count.members > limits.members) return count;
      }
      return count;
    };
    const piece = fc.constantFrom('"', "\\", "{", "[", ":", "}", "]", ",", "a", "é");
    const text = fc.oneof(
      fc.json(),
      fc.array(piece, { maxLength: 60 }).map((p) => p.join("")),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }), (t, c, m) => {
        const limits = { containers: c, members: m };
        // Padded past the length below which nothing is scanned.
        const padded = t + " ".repeat(Math.max(0, 2 * c, 5 * m));
        expect(countStructure(padded, limits)).toEqual(byCharacter(padded, limits));
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves a body of more than MAX_MEMBERS object members unparsed, one at the bound parsed", () => {
    // Issue 26 §5: a 16 MiB object of 1.9 million keys made JSON.parse abort the process on the judging worker.
    expect(pastStructureBounds(manyMembers(MAX_MEMBERS + 1))).toEqual({
      containers: 1,
      members: MAX_MEMBERS + 1,
    });
    expect(pastStructureBounds(manyMembers(MAX_MEMBERS))).toBeUndefined();
    // Members spread over many objects count together; a colon inside a string is no member.
    const spread = `[${Array.from({ length: 6 }, () => manyMembers(100_000)).join(",")}]`;
    expect(pastStructureBounds(spread)?.members).toBe(MAX_MEMBERS + 1);
    expect(pastStructureBounds(`["${":".repeat(3_000_000)}"]`)).toBeUndefined();
  });
});
