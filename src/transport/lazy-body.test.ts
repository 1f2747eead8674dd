import { describe, expect, it } from "vitest";
import { decodeBody } from "./decode-body.js";
import { lazyResponse, undecodedBody } from "./lazy-body.js";

const base = { status: 200, headers: { "content-type": "application/json" } };

describe("lazyResponse", () => {
  it("keeps the raw bytes, undecoded, until a body field is read; then reads as the eager decoding", () => {
    const bytes = Buffer.from('{"data":[{"name":"Åre"}]}');
    const response = lazyResponse(base, bytes, undefined, 3);
    expect(undecodedBody(response)?.bytes).toBe(bytes);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ data: [{ name: "Åre" }] });
    expect(undecodedBody(response)).toBeUndefined();
    expect(response).toEqual({ ...base, ...decodeBody(bytes), durationMs: 3 });
    // Plain data once read: what JSON.stringify and a spread see is the eager shape, nothing more.
    expect(Object.keys(response)).toEqual(["status", "headers", "bodyText", "json", "durationMs"]);
    expect(JSON.parse(JSON.stringify(response))).toEqual({ ...base, ...decodeBody(bytes), durationMs: 3 });
  });

  it("records why a body is not JSON, as the transport does (invalid UTF-8, empty, cut)", () => {
    for (const [bytes, cut] of [
      [Buffer.from([0x7b, 0xff, 0x7d]), undefined],
      [Buffer.alloc(0), undefined],
      [Buffer.from('{"a":1}'), "larger than 7 bytes"],
    ] as const) {
      const response = lazyResponse(base, bytes, cut, 0);
      expect(undecodedBody(response)).toEqual(cut ? { bytes, truncatedReason: cut } : { bytes });
      expect({ ...response }).toEqual({ ...base, ...decodeBody(bytes, cut), durationMs: 0 });
      expect(response.json).toBeUndefined();
      expect(response.bodyError).toBe(decodeBody(bytes, cut).bodyError);
    }
  });

  it("takes a write to a body field after decoding the others", () => {
    const response = lazyResponse(base, Buffer.from("[1]"), undefined, 0);
    response.bodyText = "replaced";
    expect(response.bodyText).toBe("replaced");
    expect(response.json).toEqual([1]);
    expect(undecodedBody(response)).toBeUndefined();
  });
});
