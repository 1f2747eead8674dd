import { describe, expect, it } from "vitest";
import type { Exchange } from "../transport/exchange.js";
import { decodePathId, requestView } from "./request-view.js";
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
    expect(decodePathId("/entities/%E0%A4%A")).toBeUndefined();
    const v = requestView(
      get("/entities/%E0%A4%A", { include: "[not json", extend: '["nope"]', dataset: "x" }),
    );
    expect(v.ids).toBeUndefined();
    expect(v.include).toEqual([]);
    expect(v.problems).toEqual(
      expect.arrayContaining([
        "path id is not a percent-encoded string",
        "include is not JSON",
        "extend has an unknown extension",
        "dataset is not basic or influencer",
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
        'unknown body property "extra"',
        "ids has 101 items (1 to 100)",
        "cursor has 6 items (max 5)",
      ]),
    );
    expect(requestView(batch("not json")).problems).toEqual(["request body is not a JSON object"]);
    expect(requestView(batch({ ids: ["ab"] })).problems).toEqual([
      "an id is not a string of 3 to 300 characters",
    ]);
  });

  it("decodes resolve parameters with the default limit 10", () => {
    const r = (query: Record<string, string>) =>
      requestView(exchange("resolve", request("GET", "/resolve", query), ok));
    expect(r({ query: "Firma" })).toMatchObject({ query: "Firma", limit: 10, problems: [] });
    expect(r({ query: "Firma", limit: "50", types: '["org"]' }).problems).toEqual([]);
    expect(r({ query: "", limit: "0" }).problems).toEqual([
      "query has 0 characters (1 to 300)",
      "limit is not an integer from 1 to 50",
    ]);
    expect(r({ query: "x".repeat(301), types: JSON.stringify(Array(21).fill("org")) }).problems).toHaveLength(
      2,
    );
    expect(r({ query: "x", limit: "abc" }).limit).toBeUndefined();
  });
});
