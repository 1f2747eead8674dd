import { describe, expect, it } from "vitest";
import { decodeRequest } from "./decode-request.js";

describe("decodeRequest", () => {
  it("parses JSON-encoded parameters and limit, and percent-decodes the path id", () => {
    expect(
      decodeRequest({
        operation: "resolve",
        method: "GET",
        path: "/resolve",
        query: { query: "a", types: '["org"]', limit: "5" },
      }),
    ).toEqual({ schema: "resolve-request", value: { query: "a", types: ["org"], limit: 5 } });
    expect(
      decodeRequest({
        operation: "entity-get",
        method: "GET",
        path: "/entities/cb%3Aorg%3A923609016",
        query: { cursor: "null" },
      }),
    ).toEqual({ schema: "entity-get-request", value: { id: "cb:org:923609016", cursor: null } });
  });

  it("keeps a non-numeric limit as text so the schema rejects it", () => {
    const d = decodeRequest({
      operation: "resolve",
      method: "GET",
      path: "/resolve",
      query: { query: "a", limit: "ten" },
    });
    expect(d).toEqual({ schema: "resolve-request", value: { query: "a", limit: "ten" } });
  });

  it("reports malformed JSON as an error, and has no schema for other operations", () => {
    const d = decodeRequest({
      operation: "entity-batch",
      method: "POST",
      path: "/entities/batch",
      body: { raw: "{" },
    });
    expect(d.schema).toBe("batch-request");
    expect("error" in d).toBe(true);
    expect(decodeRequest({ operation: "me", method: "GET", path: "/me" })).toEqual({ schema: null });
  });
});
