/**
 * Robustness: nothing a client sends makes the server answer 5xx, answer without a JSON body, or crash.
 * Random methods, paths (invalid UTF-8 and odd escapes included), query strings, headers and bodies are
 * sent as raw bytes; bounded runs.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubServer } from "./test-support/harness.js";
import { rawExchange, requestHead } from "./test-support/raw-http.js";
import { STUB } from "./test-support/stub-graph.js";
import type { RunningServer } from "./types.js";

let server: RunningServer;
let port: number;
beforeAll(async () => {
  server = await stubServer({ rateLimit: 1_000_000 });
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

const ROUTES = [
  "/resolve",
  "/entities/batch",
  "/entities/",
  "/me",
  "/capabilities",
  "/usage",
  "/search",
  "/traversals",
  "/",
  "",
];
const MAIN = `cb:org:${STUB.main}`;
const tokenChar = fc.constantFrom(..."abcXYZ019-._~%:/?=&[]{}\",+*!$'()".split(""));
const pathTail = fc.oneof(
  fc.string({ unit: tokenChar, maxLength: 40 }),
  fc
    .uint8Array({ minLength: 1, maxLength: 12 })
    .map((b) => Array.from(b, (x) => `%${x.toString(16).padStart(2, "0")}`).join("")),
  fc.constant(encodeURIComponent(MAIN)),
);
const query = fc.oneof(
  fc.constant(""),
  fc
    .dictionary(
      fc.constantFrom(
        "query",
        "limit",
        "types",
        "include",
        "extend",
        "cursor",
        "as_of",
        "dataset",
        "days",
        "x",
      ),
      fc.oneof(fc.string({ maxLength: 30 }), fc.json({ maxDepth: 2 })),
    )
    .map(
      (d) =>
        `?${Object.entries(d)
          .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
          .join("&")}`,
    ),
  fc.string({ unit: tokenChar, maxLength: 40 }).map((s) => `?${s}`),
);
const path = fc
  .tuple(fc.constantFrom("/v1", "/api/v1", "", "/v2", "/api"), fc.constantFrom(...ROUTES), pathTail, query)
  .map(([base, route, tail, q]) =>
    Buffer.from(`${base}${route}${route.endsWith("/") ? tail : ""}${q}`, "latin1"),
  );
const headerValue = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: 60 }),
  fc.uint8Array({ maxLength: 30 }).map((b) => Buffer.from(b.filter((x) => x !== 10 && x !== 13 && x !== 0))),
);
const auth = fc.oneof(fc.constant("plus"), fc.constant("free"), fc.constant("none"), headerValue);
const body = fc.oneof(
  fc.constant(Buffer.alloc(0)),
  fc.json({ maxDepth: 3 }).map((t) => Buffer.from(t)),
  fc
    .record(
      {
        ids: fc.array(fc.oneof(fc.constant(MAIN), fc.string()), { maxLength: 5 }),
        include: fc.option(fc.array(fc.string(), { maxLength: 3 })),
        extend: fc.option(fc.array(fc.string(), { maxLength: 5 })),
        cursor: fc.option(fc.jsonValue()),
      },
      { requiredKeys: ["ids"] },
    )
    .map((o) => Buffer.from(JSON.stringify(o))),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
);

function expectSane(status: number, headers: Record<string, string>, bodyBytes: Buffer, method: string) {
  expect(status).toBeGreaterThanOrEqual(200);
  expect(status).toBeLessThan(500);
  expect(headers["content-type"]).toMatch(/^application\/json/);
  if (method === "HEAD") return;
  const json = JSON.parse(bodyBytes.toString("utf8"));
  if (status >= 400) {
    expect(Object.keys(json)).toEqual(["error"]);
    expect(typeof json.error.code).toBe("string");
  }
}

describe("fuzz", () => {
  it("never answers 5xx or non-JSON to random requests", async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"),
        path,
        auth,
        fc.option(headerValue),
        body,
        async (method, p, a, ct, b) => {
          const headers: Array<[string, string | Buffer]> = [];
          if (a === "plus" || a === "free") headers.push(["authorization", `Bearer ${server.keys[a]}`]);
          else if (a !== "none") headers.push(["authorization", a]);
          if (ct !== null) headers.push(["content-type", ct]);
          const r = await rawExchange(port, requestHead(method, p, headers, b.length), b);
          expectSane(r.status, r.headers, r.body, method);
          statuses.add(r.status);
        },
      ),
      { numRuns: 1500, seed: 424242 },
    );
    // The generator must reach the handlers, not just the router.
    for (const s of [200, 400, 401, 403, 404, 405]) expect(statuses).toContain(s);
  });

  it("answers 413 to huge bodies (declared or chunked) and keeps serving", async () => {
    const auth: [string, string] = ["authorization", `Bearer ${server.keys.plus}`];
    const huge = Buffer.alloc(3 * 1024 * 1024, 0x20);
    const declared = await rawExchange(
      port,
      requestHead("POST", "/v1/entities/batch", [auth, ["content-type", "application/json"]], huge.length),
      huge,
    );
    expect(declared.status).toBe(413);
    const chunkedHead = Buffer.from(
      `POST /v1/entities/batch HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${server.keys.plus}\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const chunks = Array.from({ length: 6 }, () =>
      Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]),
    );
    const chunked = await rawExchange(
      port,
      chunkedHead,
      Buffer.concat([...chunks, Buffer.from("0\r\n\r\n")]),
    );
    expect(chunked.status).toBe(413);
    expectSane(chunked.status, chunked.headers, chunked.body, "POST");
    const after = await rawExchange(port, requestHead("GET", "/v1/me", [auth], 0));
    expect(after.status).toBe(200);
  });

  it("answers malformed HTTP with a JSON 400 and keeps serving", async () => {
    const r = await rawExchange(port, Buffer.from("GET /v1/me HTTP/1.1\r\nbad header line\r\n\r\n"));
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body.toString()).error.code).toBeTypeOf("string");
    const after = await rawExchange(
      port,
      requestHead("GET", "/v1/me", [["authorization", `Bearer ${server.keys.plus}`]], 0),
    );
    expect(after.status).toBe(200);
  });
});
