/** The reference server codes replies in gzip exactly when the request's Accept-Encoding accepts it. */
import { request } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip } from "./http/content-coding.js";
import { stubServer } from "./test-support/harness.js";
import type { RunningServer } from "./types.js";

let server: RunningServer;
beforeAll(async () => {
  server = await stubServer();
});
afterAll(() => server.close());

/** GET /me with a raw node:http request (fetch would decode, and add its own Accept-Encoding). */
function me(acceptEncoding?: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((done, fail) => {
    const headers: Record<string, string> = { authorization: `Bearer ${server.keys.plus}` };
    if (acceptEncoding !== undefined) headers["accept-encoding"] = acceptEncoding;
    const req = request(`${server.url}/me`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
    req.end();
  });
}

describe("content coding of replies (RFC 9110 §12.5.3)", () => {
  it("reads Accept-Encoding: gzip listed with a weight above 0, or `*` not refused", () => {
    for (const yes of ["gzip", "x-gzip", "br, gzip;q=0.5", "*", "identity, *;q=0.1", "GZIP"])
      expect(acceptsGzip(yes), yes).toBe(true);
    for (const no of [undefined, "", "identity", "gzip;q=0", "br", "*;q=0", "*, gzip;q=0"])
      expect(acceptsGzip(no), String(no)).toBe(false);
  });

  it("answers gzip when asked, with the same JSON, and identity otherwise", async () => {
    const plain = await me("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const none = await me();
    expect(none.headers["content-encoding"]).toBeUndefined();
    const coded = await me("gzip");
    expect(coded.headers["content-encoding"]).toBe("gzip");
    expect(coded.headers.vary).toBe("accept-encoding");
    expect(Number(coded.headers["content-length"])).toBe(coded.body.length);
    // The same document (usage counters aside): same fields, same plan.
    const decoded = JSON.parse(gunzipSync(coded.body).toString("utf8"));
    const identity = JSON.parse(plain.body.toString("utf8"));
    expect(Object.keys(decoded)).toEqual(Object.keys(identity));
    expect(decoded.plan).toEqual(identity.plan);
  });
});
