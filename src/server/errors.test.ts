import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallOptions, call, entityPath, qs, stubServer } from "./test-support/harness.js";
import { STUB } from "./test-support/stub-graph.js";
import type { RunningServer } from "./types.js";

const MAIN = `cb:org:${STUB.main}`;
const ids = (n: number, len = 12) =>
  Array.from({ length: n }, (_, i) => `cb:org:${String(i).padStart(len - 7, "0")}`);

let server: RunningServer;
beforeAll(async () => {
  server = await stubServer({ rateLimit: 100_000 });
});
afterAll(() => server.close());

const invalid: Array<[string, string, CallOptions?]> = [
  ["query missing", "/resolve"],
  ["query empty", "/resolve?query="],
  ["query 301 chars", `/resolve${qs({ query: "a".repeat(301) })}`],
  ["limit 0", "/resolve?query=a&limit=0"],
  ["limit 51", "/resolve?query=a&limit=51"],
  ["limit 1.5", "/resolve?query=a&limit=1.5"],
  ["limit twice", "/resolve?query=a&limit=1&limit=2"],
  ["types 21", `/resolve${qs({ query: "a", types: Array(21).fill("org") })}`],
  ["types not JSON", "/resolve?query=a&types=org"],
  ["types of numbers", `/resolve${qs({ query: "a", types: [1] })}`],
  ["bad percent-encoding", "/resolve?query=%E0%A4%A"],
  ["invalid UTF-8 in query", "/resolve?query=%C3%28"],
  ["include 31", entityPath(MAIN, { include: Array(31).fill("HAS_ROLE") })],
  ["include not array", entityPath(MAIN, { include: "HAS_ROLE" })],
  ["extend 5", entityPath(MAIN, { extend: ["subunits", "subunits", "subunits", "subunits", "subunits"] })],
  ["extend unknown", entityPath(MAIN, { extend: ["accounts"] })],
  ["cursor 6 items", entityPath(MAIN, { cursor: [1, 2, 3, 4, 5, 6] })],
  ["cursor long string", entityPath(MAIN, { cursor: ["x".repeat(301)] })],
  ["cursor object item", entityPath(MAIN, { cursor: [{}] })],
  ["as_of not date-time", entityPath(MAIN, { as_of: "2026-13-01T00:00:00Z" })],
  ["dataset unknown", entityPath(MAIN, { dataset: "premium" })],
  ["path id 301 chars", `/entities/${"a".repeat(301)}`],
  ["ids empty", "/entities/batch", { body: { ids: [] } }],
  ["ids 101", "/entities/batch", { body: { ids: ids(101) } }],
  ["id 2 chars", "/entities/batch", { body: { ids: ["ab"] } }],
  ["id 301 chars", "/entities/batch", { body: { ids: ["a".repeat(301)] } }],
  ["ids not strings", "/entities/batch", { body: { ids: [1] } }],
  ["unknown property", "/entities/batch", { body: { ids: [MAIN], foo: 1 } }],
  ["dataset null", "/entities/batch", { body: { ids: [MAIN], dataset: null } }],
  ["as_of number", "/entities/batch", { body: { ids: [MAIN], as_of: 5 } }],
  ["body an array", "/entities/batch", { body: [MAIN] }],
  ["malformed JSON", "/entities/batch", { rawBody: '{"ids": [' }],
  ["empty body", "/entities/batch", { rawBody: "" }],
  ["non-JSON content type", "/entities/batch", { rawBody: "ids=1", contentType: "text/plain" }],
  ["invalid UTF-8 body", "/entities/batch", { rawBody: Buffer.from([0x7b, 0xff, 0x7d]) }],
  ["search unknown property", "/search", { body: { city: "Oslo" } }],
  ["traversal 4 hops", "/traversals", { body: { seeds: [MAIN], hops: 4 } }],
  ["usage days 31", "/usage?days=31"],
];

describe("400 invalid_arguments", () => {
  it.each(invalid)("%s", async (_name, path, options) => {
    const r = await call(server, path, options);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: { code: "invalid_arguments" } });
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("route and size errors", () => {
  it("answers 404 not_found for unknown routes", async () => {
    for (const path of ["/nope", "/entities/", "/resolve/", "/entities/a/b"]) {
      const r = await call(server, path);
      expect(r.status, path).toBe(404);
      expect(r.json).toEqual({ error: { code: "not_found" } });
    }
  });

  it("answers 405 with Allow for wrong methods", async () => {
    const r = await call(server, "/resolve?query=a", { method: "POST" });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("GET");
    expect(r.json).toEqual({ error: { code: "method_not_allowed" } });
    const b = await call(server, "/entities/batch", { method: "GET" });
    expect(b.headers.get("allow")).toBe("POST");
  });

  it("answers 413 for bodies above 1 MiB, and still serves the next request", async () => {
    const big = JSON.stringify({ ids: [MAIN], pad: " ".repeat(1024 * 1024) });
    const r = await call(server, "/entities/batch", { rawBody: big });
    expect(r.status).toBe(413);
    expect(r.json).toEqual({ error: { code: "payload_too_large" } });
    const next = await call(server, entityPath(MAIN));
    expect(next.status).toBe(200);
  });

  it("accepts JSON with a charset and bodies just under the limit", async () => {
    const body = `${JSON.stringify({ ids: [MAIN] })}${" ".repeat(1024 * 1024 - 100)}`;
    const r = await call(server, "/entities/batch", {
      rawBody: body,
      contentType: "application/json; charset=utf-8",
    });
    expect(r.status).toBe(200);
  });
});
