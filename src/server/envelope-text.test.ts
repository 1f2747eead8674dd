import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type EnvelopeParts, envelope } from "./envelope.js";
import { envelopeBytes, envelopeEnd, envelopeHead, envelopeMiddle, envelopeText } from "./envelope-text.js";

const UUID = /"request_id":"[0-9a-f-]{36}"/;
const sameId = (text: string) => text.replace(UUID, '"request_id":"-"');
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const text = fc.string({ unit: "binary", maxLength: 12 });
const numbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 5e-7),
);
const parts: fc.Arbitrary<Omit<EnvelopeParts, "data">> = fc.record({
  asOf: fc.constantFrom("2026-01-01T00:00:00Z", "2025-06-30T12:00:00.5+02:00"),
  // Past the caps (200 entities, 100 missing) as well as under them.
  entities: fc.array(text, { maxLength: 230 }),
  requested: fc.array(text, { maxLength: 5 }),
  missing: fc.array(text, { maxLength: 120 }),
  truncated: fc.boolean(),
  cursor: fc.option(fc.tuple(text, fc.integer({ min: 1 }))),
  nextHint: fc.option(text),
  units: numbers,
  unitType: fc.constantFrom("record", "premium_record"),
  creditsCharged: numbers,
  balance: numbers,
  warnings: fc.array(text, { maxLength: 3 }),
});

describe("envelopeText", () => {
  it("is the text of JSON.stringify(envelope(parts)) with data spliced in, for any parts", () => {
    fc.assert(
      fc.property(parts, fc.jsonValue(), (p, data) => {
        const expected = JSON.stringify(envelope({ ...p, data }));
        expect(sameId(envelopeText(p, JSON.stringify(data)))).toBe(sameId(expected));
      }),
      { numRuns: 300 },
    );
  });

  it("gives each envelope a fresh uuid", () => {
    const ids = new Set(
      Array.from({ length: 100 }, () => envelopeHead("2026-01-01T00:00:00Z").slice(34, 70)),
    );
    expect(ids.size).toBe(100);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("envelopeBytes", () => {
  it("is the UTF-8 bytes of envelopeHead + middle + end, non-ASCII text included", () => {
    // The first call of this file, with an empty as_of (once mistaken for the empty memo).
    expect(envelopeBytes("", Buffer.alloc(0), "").length).toBe(Buffer.byteLength(envelopeHead("")));
    fc.assert(
      fc.property(text, fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (asOf, middle, end) => {
        const bytes = envelopeBytes(asOf, Buffer.from(middle), end);
        const expected = Buffer.from(envelopeHead(asOf) + middle + end);
        expect(bytes.length).toBe(expected.length);
        expect(sameId(bytes.toString())).toBe(sameId(expected.toString()));
      }),
    );
  });

  it("rebuilds envelopeText from the cached middle bytes and the end", () => {
    fc.assert(
      fc.property(parts, (p) => {
        const middle = Buffer.from(`{"entities":[]}${envelopeMiddle(p)}`);
        const bytes = envelopeBytes(p.asOf, middle, envelopeEnd(p.balance, p.warnings));
        expect(sameId(bytes.toString())).toBe(sameId(envelopeText(p, '{"entities":[]}')));
      }),
      { numRuns: 100 },
    );
  });

  it("writes a fresh version-4 uuid into every envelope", () => {
    const ids = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const env = JSON.parse(envelopeBytes("2026-01-01T00:00:00Z", Buffer.from("1"), "}").toString());
      expect(env.request_id).toMatch(V4);
      ids.add(env.request_id);
    }
    expect(ids.size).toBe(600);
  });
});
