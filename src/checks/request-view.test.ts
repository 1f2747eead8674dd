import { describe, expect, it } from "vitest";
import type { Exchange } from "../transport/exchange.js";
import { requestView } from "./request-view.js";
import { exchange, request, respond } from "./test-support/exchanges.js";

const ok = respond({}, 200);
const get = (path: string, query: Record<string, string> = {}): Exchange =>
  exchange("entity-get", request("GET", path, query), ok);
const batch = (body: unknown): Exchange =>
  exchange("entity-batch", request("POST", "/entities/batch", {}, body), ok);

describe("requestView", () => {
  it("percent-decodes the GET path id and JSON-decodes include, extend and cursor", () => {
    const v = requestView(
      get("/entities/cb%3Aorg%3A910000000", {
        include: '["HAS_ROLE"]',
        extend: '["subunits"]',
        cursor: '["a",2]',
      }),
    );
    expect(v.ids).toEqual(["cb:org:910000000"]);
    expect(v.include).toEqual(["HAS_ROLE"]);
    expect(v.extend).toEqual(["subunits"]);
    expect(v.cursor).toEqual(["a", 2]);
    expect(v.dataset).toBe("basic");
    expect(v.problems).toEqual([]);
  });

  it("is tolerant of malformed GET requests and names the broken bounds", () => {
    const v = requestView(
      get("/entities/%E0%A4%A", { include: "[not json", extend: '["nope"]', dataset: "x" }),
    );
    expect(v.ids).toBeUndefined();
    expect(v.include).toEqual([]);
    expect(v.problems).toEqual(
      expect.arrayContaining([
        "id is not percent-encoded UTF-8",
        "include is not a JSON text (the parameter is JSON-encoded)",
        expect.stringMatching(/^extend \(at \/extend\/0\) must be equal to one of the allowed values/),
        expect.stringMatching(/^dataset must be equal to one of the allowed values/),
      ]),
    );
  });

  it("reads batch bodies and flags out-of-bounds ones", () => {
    const ids = Array.from({ length: 101 }, (_, i) => `cb:org:${910000000 + i}`);
    const v = requestView(batch({ ids, dataset: "influencer", extra: 1, cursor: [1, 2, 3, 4, 5, 6] }));
    expect(v.ids).toHaveLength(101);
    expect(v.dataset).toBe("influencer");
    expect(v.problems).toEqual(
      expect.arrayContaining([
        "extra is not a property of the request (no other properties allowed)",
        "ids must NOT have more than 100 items",
        "cursor must NOT have more than 5 items",
      ]),
    );
    expect(requestView(batch("not json")).problems).toEqual(["(body) is not JSON"]);
    expect(requestView(batch([])).problems).toEqual(["(body) must be object"]);
    expect(requestView(batch({ ids: ["ab"] })).problems).toEqual([
      "ids (at /ids/0) must NOT have fewer than 3 characters",
    ]);
    // What the contract does not state is no problem: a repeated id, an id that is no node id (open).
    expect(requestView(batch({ ids: ["abc", "abc"] })).problems).toEqual([]);
  });

  it("decodes resolve parameters with the default limit 10", () => {
    const r = (query: Record<string, string>) =>
      requestView(exchange("resolve", request("GET", "/resolve", query), ok));
    expect(r({ query: "Firma" })).toMatchObject({ query: "Firma", limit: 10, problems: [] });
    expect(r({ query: "Firma", limit: "50", types: '["org"]' }).problems).toEqual([]);
    expect(r({ query: "", limit: "0" }).problems).toEqual([
      "query must NOT have fewer than 1 characters",
      "limit must be >= 1",
    ]);
    expect(r({ query: "x".repeat(301), types: JSON.stringify(Array(21).fill("org")) }).problems).toHaveLength(
      2,
    );
    expect(r({ query: "x", limit: "abc" }).limit).toBeUndefined();
    // A spelling a server may read otherwise gives no limit to hold it to; an absent one the default.
    expect(r({ query: "x", limit: "010" }).limit).toBeUndefined();
    expect(r({ query: "x", limit: "010" }).problems).toEqual([]);
    expect(r({ query: "x" }).limit).toBe(10);
  });
});
