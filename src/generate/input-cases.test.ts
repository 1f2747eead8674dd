/**
 * The coverage phase held to the request schemas as Schemathesis's tests hold its coverage values: every
 * value the walk means valid is valid by the registry, every one it means invalid is invalid, every one it
 * means open is open — and the walk reaches every bound (at it, one inside, one past it, in code points),
 * every enum member, every member of a type union, every form of the format, every preference and every wire
 * form, the same on every run.
 */
import { describe, expect, it } from "vitest";
import { sharedRegistry } from "../contract/registry.js";
import { toWireRequest } from "../runner/wire-request.js";
import { type InputCase, inputCases } from "./input-cases.js";
import { sampleFixtures } from "./test-support/fixtures.js";

const OPS = ["resolve", "entity-get", "entity-batch"] as const;
const fixtures = sampleFixtures();
const cases = Object.fromEntries(
  OPS.map((op) => [op, inputCases(op, fixtures, { allowCredits: true })]),
) as Record<(typeof OPS)[number], InputCase[]>;
/** The labels of the cases of one parameter alone (each reason a case was made, split). */
const labels = (op: (typeof OPS)[number], parameter: string, cls?: InputCase["class"]) =>
  cases[op]
    .filter((c) => c.kind === "alone" && c.parameter === parameter && (!cls || c.class === cls))
    .flatMap((c) => c.label.split("; "));

describe("inputCases", () => {
  it.each(OPS)("gives every %s case the class its walk meant (valid, invalid or open)", (op) => {
    const wrong = cases[op]
      .filter((c) => c.class !== c.intended)
      .map((c) => `${c.name}: ${c.intended} → ${c.class} ${c.reasons}`);
    expect(wrong).toEqual([]);
    const classes = new Set(cases[op].map((c) => c.class));
    expect([...classes].sort()).toEqual(["invalid", "open", "valid"]);
    // Invalid cases break one stated rule, of one parameter (a wrong type may fail its enum too).
    for (const c of cases[op].filter((x) => x.class === "invalid" && x.keyword !== "body-size")) {
      expect(new Set(c.reasons.map((r) => r.split(" ")[0])).size, `${c.name}: ${c.reasons}`).toBe(1);
    }
  });

  it("is deterministic and names every case once", () => {
    for (const op of OPS) {
      const again = inputCases(op, fixtures, { allowCredits: true }, sharedRegistry());
      expect(again.map((c) => c.name)).toEqual(cases[op].map((c) => c.name));
      // The oversize body is compared by its length (a deep comparison of 10 MB would take minutes).
      const shape = (c: InputCase) => {
        const body = c.request.body;
        return { ...c.request, body: body && "raw" in body ? Buffer.byteLength(body.raw) : body };
      };
      expect(again.map(shape)).toEqual(cases[op].map(shape));
      expect(new Set(cases[op].map((c) => c.name)).size).toBe(cases[op].length);
    }
  });

  it("sends each bound, one inside it and one past it, in code points", () => {
    expect(labels("resolve", "query", "valid")).toEqual(
      expect.arrayContaining([
        "cbcheck-plain-text: at minLength 1 (ASCII)",
        "cbcheck-plain-text: one above minLength 1 (Latin letters)",
        "cbcheck-plain-text: one below maxLength 300 (CJK)",
        "cbcheck-plain-text: at maxLength 300 (astral: 2 UTF-16 units each)",
        "cbcheck-plain-text: at maxLength 300 (half-width kana, above the surrogates: 1 UTF-16 unit each)",
      ]),
    );
    expect(labels("resolve", "query", "invalid")).toEqual([
      "one below minLength 1",
      "one above maxLength 300 (astral)",
      "one above maxLength 300 (half-width kana, above the surrogates: 1 UTF-16 unit each)",
    ]);
    expect(labels("resolve", "limit", "valid")).toEqual(
      expect.arrayContaining([
        "at minimum 1",
        "one above minimum 1",
        "one below maximum 50",
        "at maximum 50",
      ]),
    );
    expect(labels("resolve", "limit", "invalid")).toEqual(
      expect.arrayContaining([
        "one below minimum 1",
        "one above maximum 50",
        "not an integer",
        "not a number",
      ]),
    );
    expect(labels("entity-batch", "ids", "valid")).toEqual(
      expect.arrayContaining([
        "at minItems 1",
        "one above minItems 1",
        "one below maxItems 100",
        "at maxItems 100",
      ]),
    );
    expect(labels("entity-batch", "ids", "invalid")).toEqual(
      expect.arrayContaining([
        "one below minItems 1",
        "one above maxItems 100",
        "item: one below minLength 3",
        "item: one above maxLength 300 (astral)",
      ]),
    );
    const ids101 = cases["entity-batch"].find((c) => c.label === "one above maxItems 100");
    const body = (ids101?.request.body as { json: { ids: string[] } } | undefined)?.json ?? { ids: [] };
    // 101 distinct ids: the count is the one rule broken.
    expect(new Set(body.ids).size).toBe(101);
  });

  it("sends every enum member, every member of a type union and every form of the format", () => {
    const extend = labels("entity-get", "extend", "valid");
    for (const name of ["financial_history", "subunits", "web_identities", "group_parent"]) {
      expect(
        extend.some((l) => l.includes(`"${name}"`)),
        name,
      ).toBe(true);
    }
    expect(labels("entity-get", "dataset", "valid")).toEqual(
      expect.arrayContaining(['enum value "influencer"']),
    );
    expect(labels("entity-get", "dataset", "invalid")).toEqual(
      expect.arrayContaining(['other case of "basic"', '"basic" padded with spaces', 'a prefix of "basic"']),
    );
    expect(labels("resolve", "types", "valid")).toEqual(
      expect.arrayContaining(["type null of null or array", "type array of null or array: at minItems 0"]),
    );
    expect(labels("entity-get", "as_of", "valid")).toEqual(
      expect.arrayContaining([
        "date-time: lower-case t and z, leap day",
        "date-time: fraction of twelve digits, offset -12:00",
        "date-time: offset -00:00 (unknown local offset)",
      ]),
    );
    expect(labels("entity-get", "as_of", "open")).toEqual(["date-time: space instead of T"]);
    expect(labels("entity-get", "as_of", "valid")).toContain("date-time: leap second (RFC 3339 §5.7)");
    expect(labels("entity-get", "as_of", "invalid")).toEqual(
      expect.arrayContaining([
        "date-time: offset without a colon",
        "date-time: 29 February of a common year",
      ]),
    );
  });

  it.each(["entity-get", "entity-batch"] as const)(
    "sends %s as_of at the date-time's bounds: leap centuries and seconds, field zero, offsets ±23:59, text around",
    (op) => {
      // Each kills a mutant of the reference server's date-time check that Stryker found surviving.
      const caseOf = (label: string) => {
        const c = cases[op].find((x) => x.kind === "alone" && x.parameter === "as_of" && x.label === label);
        return c && { class: c.class, shown: c.shown };
      };
      const expected: [string, InputCase["class"], string][] = [
        ["29 February of a century leap year (2000)", "valid", '"2000-02-29T12:00:00Z"'],
        ["offset +23:59 (its upper bound)", "valid", '"2024-06-30T12:00:00+23:59"'],
        ["offset -23:59 (its lower bound)", "valid", '"2024-06-30T12:00:00-23:59"'],
        ["text before a date-time", "invalid", '"x2024-06-30T12:00:00Z"'],
        ["text after a date-time", "invalid", '"2024-06-30T12:00:00Zx"'],
        ["29 February of a century year not divisible by 400 (1900)", "invalid", '"1900-02-29T00:00:00Z"'],
        ["month 00", "invalid", '"2024-00-10T00:00:00Z"'],
        ["day 00", "invalid", '"2024-06-00T00:00:00Z"'],
        ["offset minute 60", "invalid", '"2024-06-30T12:00:00+00:60"'],
        ["leap second with offset -08:00 (RFC 3339 §5.8)", "valid", '"1990-12-31T15:59:60-08:00"'],
        ["leap second with offset +05:30", "valid", '"2017-01-01T05:29:60+05:30"'],
        ["second 60 outside 23:59 UTC", "invalid", '"2024-06-30T12:00:60Z"'],
        ["second 60 at 23:59 UTC of a day that does not end its month", "invalid", '"2024-06-15T23:59:60Z"'],
        ["second 61", "invalid", '"2016-12-31T23:59:61Z"'],
      ];
      for (const [label, cls, shown] of expected) {
        expect(caseOf(`date-time: ${label}`), label).toEqual({ class: cls, shown });
      }
    },
  );

  it("sends every container of the wrong type, an array holding a valid value among them", () => {
    const idItems = cases["entity-batch"].filter(
      (c) =>
        c.kind === "alone" && c.parameter === "ids" && c.keyword === "type" && c.label.startsWith("item:"),
    );
    expect(idItems.map((c) => [c.label, c.class, c.shown])).toEqual([
      ["item: a number instead of string", "invalid", "[1.5]"],
      ["item: an object instead of string", "invalid", "[{}]"],
      // A one-item array of a valid id, not an empty one: a length read off it is 1, so a server that takes it
      // for a string goes on to read its characters (Stryker: `typeof value !== "string"` removed answered 500).
      ["item: an array instead of string", "invalid", '[["cb:org:923609016"]]'],
    ]);
    // An array of a valid date-time: String([x]) is x, so a server that skips the type test accepts it.
    const asOf = cases["entity-batch"].find(
      (c) => c.kind === "alone" && c.parameter === "as_of" && c.label === "an array instead of string",
    );
    expect([asOf?.class, asOf?.shown]).toEqual(["invalid", '["2024-06-30T12:00:00Z"]']);
  });

  it("sends the open forms: repeated items, text outside plain text, ids of no node, cursors not handed out", () => {
    expect(labels("entity-get", "extend", "open")).toEqual([
      "an item repeated (our preference, not a contract rule)",
    ]);
    expect(labels("resolve", "query", "open")).toEqual(
      expect.arrayContaining([
        "not cbcheck-plain-text: white space only (our preference, not a contract rule)",
        "not cbcheck-plain-text: a zero-width space (our preference, not a contract rule)",
        "not cbcheck-plain-text: decomposed letters (not NFC) (our preference, not a contract rule)",
        "not cbcheck-plain-text: a NUL control character (our preference, not a contract rule)",
      ]),
    );
    expect(labels("entity-batch", "ids", "open")).toEqual(
      expect.arrayContaining([
        "item: not cbcheck-node-id: not a node id (our preference, not a contract rule)",
      ]),
    );
    expect(labels("entity-get", "cursor", "open")).toEqual(
      expect.arrayContaining(["at maxItems 5 (our preference, not a contract rule)"]),
    );
    expect(labels("entity-get", "id", "open")).toEqual(
      expect.arrayContaining(["one above maxLength 300 (our preference, not a contract rule)"]),
    );
  });

  it("sends the wire forms: malformed JSON, repeated and unknown parameters, repeated keys, an oversize body", () => {
    const wire = (op: (typeof OPS)[number]) =>
      cases[op].filter((c) => c.kind === "wire").map((c) => `${c.parameter} ${c.keyword} ${c.class}`);
    expect(wire("resolve")).toEqual(
      expect.arrayContaining([
        "types not-json invalid",
        "limit non-canonical-number open",
        "limit empty-number open",
        "query required invalid",
        "cbcheck_unknown unknown-parameter open",
        "query repeated open",
      ]),
    );
    expect(wire("entity-get")).toEqual(
      expect.arrayContaining([
        "id not-percent-decodable invalid",
        "id raw-sub-delims valid",
        "include not-json invalid",
      ]),
    );
    expect(wire("entity-batch")).toEqual(
      expect.arrayContaining([
        "ids repeated-key open",
        "(body) body-not-json invalid",
        "cbcheck_unknown additionalProperties invalid",
        "(body) body-size invalid",
      ]),
    );
    // A valid body without Content-Type: open (no media type is named for requests), planned without one.
    const bare = cases["entity-batch"].find((c) => c.keyword === "no-content-type");
    expect(bare).toMatchObject({
      class: "open",
      parameter: "(body)",
      shown: '28 bytes: {"ids":["cb:org:923609016"]}',
    });
    expect(bare?.reasons).toEqual([
      "(body) is sent without a Content-Type header (the contract names no media type for requests)",
    ]);
    expect(bare?.request.body).toEqual({ raw: '{"ids":["cb:org:923609016"]}', contentType: null });
    expect(toWireRequest(bare!.request, "http://127.0.0.1:1", undefined).headers).toEqual({
      accept: "application/json",
    });
    const oversize = cases["entity-batch"].find((c) => c.keyword === "body-size");
    expect(oversize?.expectStatus).toBe(413);
    expect(cases.resolve.filter((c) => c.class === "invalid").every((c) => c.expectStatus === 400)).toBe(
      true,
    );
  });

  it("writes query strings as they are where every reading agrees: raw + at a bound, a malformed escape", () => {
    const rawOf = (op: (typeof OPS)[number]) =>
      cases[op]
        .filter((c) => c.request.rawQuery !== undefined)
        .map((c) => `${c.parameter} ${c.keyword} ${c.class}`);
    expect(rawOf("resolve")).toEqual([
      "query raw-plus valid",
      "query raw-plus invalid",
      "types malformed-escape invalid",
      "limit malformed-escape invalid",
    ]);
    expect(rawOf("entity-get")).toEqual([
      "include malformed-escape invalid",
      "extend malformed-escape invalid",
      "cursor malformed-escape invalid",
    ]);
    const plus = cases.resolve.find((c) => c.keyword === "raw-plus" && c.class === "invalid");
    expect(plus?.request.rawQuery).toBe(`query=${"a+".repeat(150)}a`);
    expect(plus?.request.query?.query).toBe(`${"a ".repeat(150)}a`);
    const limit = cases.resolve.find((c) => c.parameter === "limit" && c.keyword === "malformed-escape");
    expect(limit?.request.rawQuery).toMatch(/^query=[^&]+&limit=%ZZ$/);
  });

  it("pairs valid values of every two parameters, all of them valid", () => {
    const pairs = cases["entity-get"].filter((c) => c.kind === "pairwise");
    expect(pairs.length).toBeGreaterThan(20);
    expect(pairs.every((c) => c.class === "valid")).toBe(true);
    expect(pairs.some((c) => c.parameter.split("+").length >= 4)).toBe(true);
    expect(
      inputCases("entity-get", fixtures, { allowCredits: true, maxPairwise: 3 }).filter(
        (c) => c.kind === "pairwise",
      ),
    ).toEqual(pairs.slice(0, 3));
  });

  it("reads the dataset that costs credits only with credits, and then for an influencer id", () => {
    for (const op of ["entity-get", "entity-batch"] as const) {
      const free = inputCases(op, fixtures, { allowCredits: false });
      expect(
        free.some((c) => c.class === "valid" && JSON.stringify(c.request).includes('"influencer"')),
      ).toBe(false);
      const paid = cases[op].filter(
        (c) => c.class === "valid" && JSON.stringify(c.request).includes("influencer"),
      );
      expect(paid).toHaveLength(1);
      const id = fixtures.influencer_ids[0];
      expect(JSON.stringify(paid[0].request)).toContain(op === "entity-get" ? encodeURIComponent(id) : id);
    }
  });
});
