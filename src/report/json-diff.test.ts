import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffBodies, diffJson, formatDiff } from "./json-diff.js";

describe("diffJson", () => {
  it("reports changed, added, removed and type differences by pointer", () => {
    const a = { data: [{ name: "Acme AS", n: 1 }], gone: true, t: "1", "a/b": 1 };
    const b = { data: [{ name: "ACME AS", n: 1 }, { extra: 1 }], t: 1, "a/b": 2 };
    expect(diffJson(a, b, [])).toEqual([
      { pointer: "/data/0/name", kind: "changed", a: "Acme AS", b: "ACME AS" },
      { pointer: "/data/1", kind: "added", b: { extra: 1 } },
      { pointer: "/gone", kind: "removed", a: true },
      { pointer: "/t", kind: "type", a: "1", b: 1 },
      { pointer: "/a~1b", kind: "changed", a: 1, b: 2 },
    ]);
  });

  it("ignores pointers, with * matching exactly one segment, and everything below them", () => {
    const a = { request_id: "1", as_of: "x", data: { entities: [{ payload: { x: 1, y: 1 } }] } };
    const b = { request_id: "2", as_of: "y", data: { entities: [{ payload: { x: 2, y: 2 } }] } };
    const diff = diffJson(a, b, ["/request_id", "/as_of", "/data/entities/*/payload/x"]);
    expect(diff.map((d) => d.pointer)).toEqual(["/data/entities/0/payload/y"]);
    expect(diffJson({ a: { b: 1 } }, { a: { b: 2 } }, ["/*"])).toEqual([]);
    expect(diffJson({ a: { b: 1 } }, { a: { b: 2 } }, ["/*/c"])).toHaveLength(1);
  });

  it("finds no difference exactly when the values are deeply equal", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const sameA = JSON.parse(JSON.stringify(a));
        expect(diffJson(a, sameA, [])).toEqual([]);
        expect(diffJson(a, b, []).length === 0).toBe(
          isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b))),
        );
      }),
    );
  });
});

describe("diffBodies", () => {
  it("diffs the parsed values, or the texts of bodies that did not parse, after `prepare`", () => {
    const a = { bodyText: '{"n":1}', json: { n: 1 } };
    const b = { bodyText: '{"n": 2}', json: { n: 2 } };
    expect(diffBodies(a, b)).toEqual([{ pointer: "/n", kind: "changed", a: 1, b: 2 }]);
    expect(diffBodies({ bodyText: "<html>" }, { bodyText: "<h1>" })).toEqual([
      { pointer: "", kind: "changed", a: "<html>", b: "<h1>" },
    ]);
    expect(diffBodies(a, b, [], () => "same")).toEqual([]);
  });

  it("neither prepares nor walks two bodies of the same text", () => {
    let prepared = 0;
    const body = { bodyText: "[1]", json: [1] };
    const count = (v: unknown) => {
      prepared++;
      return v;
    };
    expect(diffBodies(body, { ...body, json: [2] }, [], count)).toEqual([]);
    expect(prepared).toBe(0);
  });
});

describe("formatDiff", () => {
  it("prints - and + lines", () => {
    const text = formatDiff(
      diffJson({ data: [{ name: "Acme AS" }], x: 1 }, { data: [{ name: "ACME AS" }], y: "1" }, []),
    );
    expect(text).toBe(
      ['- /data/0/name: "Acme AS"', '+ /data/0/name: "ACME AS"', "- /x: 1", '+ /y: "1"'].join("\n"),
    );
    expect(formatDiff([{ pointer: "", kind: "type", a: [], b: {} }])).toBe(
      "- (root): [] (array)\n+ (root): {} (object)",
    );
  });
});

describe("diffJson on hostile depth", () => {
  it("diffs and formats two 100,000-deep arrays without overflowing the stack", () => {
    const deep = (leaf: number) => JSON.parse(`${"[".repeat(100_000)}${leaf}${"]".repeat(100_000)}`);
    const diff = diffJson(deep(1), deep(2), ["/1"]);
    expect(diff).toHaveLength(1);
    expect(diff[0].pointer).toBe("/0".repeat(99_999) + "/0");
    expect(formatDiff([{ pointer: "", kind: "added", b: deep(1) }])).toMatch(/^\+ \(root\): \[\[\[\[/);
  });
});
