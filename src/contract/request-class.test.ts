/**
 * The one decision of valid / invalid / open, by example: each stated rule broken is invalid, each
 * preference broken or unusual wire form is open, the forms of a date-time a server may take either way are
 * open, and what the contract states is valid.
 */
import { describe, expect, it } from "vitest";
import { readQuery } from "./query-readings.js";
import { classifyRequest } from "./request-class.js";

const resolve = (query: Record<string, string>, repeated?: string[]) =>
  classifyRequest({
    operation: "resolve",
    method: "GET",
    path: "/resolve",
    query,
    ...(repeated ? { repeated } : {}),
  });
const get = (id: string, query: Record<string, string> = {}) =>
  classifyRequest({ operation: "entity-get", method: "GET", path: `/entities/${id}`, query });
const batch = (body: string) =>
  classifyRequest({ operation: "entity-batch", method: "POST", path: "/entities/batch", body });
const ORG = "cb%3Aorg%3A923609016";

const raw = (rawQuery: string) =>
  classifyRequest({ operation: "resolve", method: "GET", path: "/resolve", rawQuery });

describe("classifyRequest of a query string sent as written", () => {
  it("reads it every way a server may: + as a space or as itself, a malformed escape refused or kept", () => {
    expect(readQuery("query=a+b&limit=%ZZ", "form")).toEqual({
      query: { query: "a b" },
      repeated: [],
      undecodable: ["limit"],
    });
    expect(readQuery("query=a+b&limit=%ZZ", "rfc3986").query).toEqual({ query: "a+b" });
    expect(readQuery("query=a+b&limit=%ZZ", "lenient").query).toEqual({ query: "a b", limit: "%ZZ" });
    expect(readQuery("a=1&a=1", "form")).toEqual({ query: { a: "1" }, repeated: ["a"], undecodable: [] });
  });

  it("gives the class every reading agrees on", () => {
    expect(raw(`query=${"a+".repeat(149)}aa`)?.class).toBe("valid");
    expect(raw(`query=${"a+".repeat(150)}a`)?.problems).toEqual([
      "query must NOT have more than 300 characters",
    ]);
    // Not percent-encoded UTF-8, or (kept as written) not an integer: invalid however it is read.
    expect(raw("query=Avd&limit=%ZZ")?.class).toBe("invalid");
    expect(raw("query=Avd&types=%ZZ")?.class).toBe("invalid");
  });

  it("calls open what the readings disagree on", () => {
    // White space only as form encoding (open), one `+` as RFC 3986 (valid).
    expect(raw("query=+")).toMatchObject({ class: "open", problems: [] });
    // Malformed (invalid) or the text `%ZZ` kept as written (valid).
    expect(raw("query=%ZZ")).toMatchObject({ class: "open", problems: [] });
    expect(raw("query=%ZZ")?.findings[0].reason).toMatch(/form: invalid, rfc3986: invalid, lenient: valid/);
  });
});

describe("classifyRequest", () => {
  it("calls valid what keeps every stated rule and every preference", () => {
    expect(resolve({ query: "Equinor", limit: "50", types: '["org","person"]' })).toEqual({
      class: "valid",
      findings: [],
      problems: [],
    });
    expect(
      get(ORG, { include: '["*"]', extend: '["subunits"]', as_of: "2024-02-29t23:59:59.123456789012+14:00" })
        ?.class,
    ).toBe("valid");
    expect(batch('{"ids":["cb:org:923609016","cb:person:æ 😀"],"cursor":null}')?.class).toBe("valid");
  });

  it("calls invalid what breaks one stated rule, naming the parameter", () => {
    const cases: [ReturnType<typeof resolve>, string][] = [
      [resolve({ query: "" }), "query must NOT have fewer than 1 characters"],
      [resolve({ query: "😀".repeat(301) }), "query must NOT have more than 300 characters"],
      [resolve({ query: "a", limit: "51" }), "limit must be <= 50"],
      [resolve({ query: "a", limit: "1.5" }), "limit must be integer"],
      [resolve({ query: "a", limit: "ten" }), "limit must be integer"],
      [resolve({ query: "a", types: "[org" }), "types is not a JSON text (the parameter is JSON-encoded)"],
      [resolve({}), "query is missing (required)"],
      [get(ORG, { dataset: "BASIC" }), "dataset must be equal to one of the allowed values"],
      [get(ORG, { as_of: "2024-06-30T12:00:00+0100" }), 'as_of must match format "date-time"'],
      [get("%E0%A4%A"), "id is not percent-encoded UTF-8"],
      [batch('{"ids":[]}'), "ids must NOT have fewer than 1 items"],
      [batch('{"ids":["ab"]}'), "ids (at /ids/0) must NOT have fewer than 3 characters"],
      [
        batch('{"ids":["cb:org:923609016"],"x":1}'),
        "x is not a property of the request (no other properties allowed)",
      ],
      [batch('{"ids": ['), "(body) is not JSON"],
    ];
    for (const [decided, problem] of cases) {
      expect(decided?.class, problem).toBe("invalid");
      expect(decided?.problems.join(" | "), problem).toContain(problem);
    }
  });

  it("calls open what keeps the stated rules but breaks a preference, or is an unusual wire form", () => {
    const cases: [ReturnType<typeof resolve>, string][] = [
      [resolve({ query: "   " }), 'query must match format "cbcheck-plain-text"'],
      [resolve({ query: "a\u200Bb" }), 'query must match format "cbcheck-plain-text"'],
      [resolve({ query: "e\u0301" }), 'query must match format "cbcheck-plain-text"'],
      [resolve({ query: "a", types: '["org","org"]' }), "types must NOT have duplicate items"],
      [
        resolve({ query: "a", types: '["company"]' }),
        "types (at /types/0) must be equal to one of the allowed values",
      ],
      [resolve({ query: "a", limit: "010" }), "limit is a number not written as a plain decimal"],
      [resolve({ query: "a", limit: "" }), "limit is given empty"],
      [resolve({ query: "a", cbcheck: "1" }), "cbcheck is not a parameter of the operation"],
      [resolve({ query: "a" }, ["query"]), "query is given twice"],
      [get("hello"), 'id must match format "cbcheck-node-id"'],
      [get("cb%3Aorg%3A12345678"), 'id must match format "cbcheck-node-id"'],
      [get(ORG, { extend: '["subunits","subunits"]' }), "extend must NOT have duplicate items"],
      [get(ORG, { include: '["*","HAS_ROLE"]' }), "include must match a schema in anyOf"],
      [get(ORG, { cursor: '["a",1]' }), "cursor must be null"],
      [get(ORG, { as_of: "2024-06-30 12:00:00Z" }), "as_of is a date-time form (space instead of T)"],
      [batch('{"ids":["cb:org:923609016"],"ids":["cb:org:923609016"]}'), "ids is a body key given twice"],
    ];
    for (const [decided, reason] of cases) {
      expect(decided?.class, reason).toBe("open");
      expect(decided?.problems, reason).toEqual([]);
      expect(decided?.findings.map((f) => f.reason).join(" | "), reason).toContain(reason);
    }
  });

  it("lets an invalid form stay invalid when a reading would explain only part of it", () => {
    // A space for T and month 13: undoing the space still leaves no date-time.
    expect(get(ORG, { as_of: "2024-13-30 12:00:00Z" })?.class).toBe("invalid");
    // A leap second where one occurred is a form of the grammar: valid; one mid-month is none.
    expect(get(ORG, { as_of: "2016-12-31T23:59:60Z" })?.class).toBe("valid");
    expect(get(ORG, { as_of: "2016-12-15T23:59:60Z" })?.class).toBe("invalid");
    // An invalid rule wins over an open form beside it.
    expect(resolve({ query: "   ", limit: "51" })?.class).toBe("invalid");
  });

  it("leaves out operations without a request schema and requests of another method", () => {
    expect(classifyRequest({ operation: "me", method: "GET", path: "/me" })).toBeUndefined();
    expect(
      classifyRequest({ operation: "entity-batch", method: "GET", path: "/entities/batch" }),
    ).toBeUndefined();
  });
});
