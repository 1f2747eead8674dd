import { describe, expect, it } from "vitest";
import { Redactor } from "../redactor.js";
import { expectNoSecret } from "../test-support/expect-no-secret.js";
import type { Exchange } from "../transport/exchange.js";
import { HarRecorder } from "./har.js";
import { harErrors } from "./test-support/standards/validate.js";

function exchange(i: number): Exchange {
  return {
    operation: "resolve",
    request: {
      method: "GET",
      baseUrl: "http://127.0.0.1:1/v1",
      path: "/resolve",
      query: { query: `q${i}` },
      headers: { authorization: "Bearer $CB_API_KEY" },
    },
    response: { status: 200, headers: { "content-type": "application/json" }, bodyText: "{}", durationMs: 2 },
  };
}

describe("HarRecorder", () => {
  it("writes HAR 1.2 entries with the absolute URL, the query and the named key variable", () => {
    const har = new HarRecorder(new Redactor());
    har.add(exchange(1));
    const { log } = har.document();
    expect(log.version).toBe("1.2");
    expect(log.creator.name).toBe("cbcheck");
    const [entry] = log.entries;
    expect(entry.request.url).toBe("http://127.0.0.1:1/v1/resolve?query=q1");
    expect(entry.request.queryString).toEqual([{ name: "query", value: "q1" }]);
    expect(entry.request.headers).toContainEqual({ name: "authorization", value: "Bearer $CB_API_KEY" });
    expect(entry.response.status).toBe(200);
    expect(entry.response.content).toEqual({ size: 2, mimeType: "application/json", text: "{}" });
  });

  it("stays within its bound on a long run and keeps entries from its whole length (sampled)", () => {
    const har = new HarRecorder(new Redactor(), 10);
    for (let i = 0; i < 1000; i++) har.add(exchange(i));
    const { entries } = har.document().log;
    expect(entries.length).toBeLessThanOrEqual(10);
    expect(entries.length).toBeGreaterThanOrEqual(5);
    const last = Number(entries.at(-1)?.request.queryString[0].value.slice(1));
    expect(last).toBeGreaterThan(500);
    expect(har.counts.seen).toBe(1000);
  });

  it("records each exchange redacted: a key echoed anywhere, in any encoding, a Basic credential", () => {
    const key = "cbk_plus_0f3a9c2e7d15b8a4";
    const echoed = exchange(1);
    echoed.request.query = { query: key };
    echoed.request.headers = { authorization: `Basic ${Buffer.from(`me:${key}`).toString("base64")}` };
    echoed.request.body = JSON.stringify({ key });
    const hex = Buffer.from(key).toString("hex");
    echoed.response = {
      status: 200,
      headers: { "x-echo": key.toUpperCase(), "content-type": "application/json" },
      bodyText: `{"k":"${Buffer.from(key).toString("base64")}","h":"${hex}","p":"${key.slice(0, 16)}…"}`,
      durationMs: 1,
    };
    const har = new HarRecorder(new Redactor([key]));
    har.add(echoed);
    const text = JSON.stringify(har.document());
    expectNoSecret(text, key, "HAR");
    expect(har.document().log.entries[0].request.headers).toEqual([
      { name: "authorization", value: "Basic <redacted>" },
    ]);
    // Sizes are the exchange's own, not its redacted copy's.
    expect(har.document().log.entries[0].response.content.size).toBe(echoed.response.bodyText.length);
  });
});

describe("HAR 1.2 as har-validator reads it", () => {
  it("validates: a GET, a POST with a body and cookies both ways, and an exchange that got no response", async () => {
    const har = new HarRecorder(new Redactor());
    har.add(exchange(1));
    har.add({
      operation: "entity-batch",
      request: {
        method: "POST",
        baseUrl: "http://127.0.0.1:1/v1",
        path: "/entities/batch",
        query: {},
        headers: { "content-type": "application/json", cookie: "route=a; tenant=acme" },
        body: '{"ids":["cb:org:123456789"]}',
      },
      response: {
        status: 200,
        headers: { "set-cookie": "s=1; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT,t=2; HttpOnly" },
        bodyText: "{}",
        durationMs: 3,
      },
    });
    har.add({ ...exchange(3), response: undefined, transportError: { code: "CB_RESET", message: "reset" } });
    const document = har.document();
    expect(await harErrors(document)).toEqual([]);
    const [, post, failed] = document.log.entries;
    expect(post.request.cookies).toEqual([
      { name: "route", value: "a" },
      { name: "tenant", value: "acme" },
    ]);
    expect(post.response.cookies).toEqual([
      { name: "s", value: "1" },
      { name: "t", value: "2" },
    ]);
    expect(failed.response.cookies).toEqual([]);
  });

  it("is held to HAR 1.2: an entry without its cookies arrays is refused", async () => {
    const har = new HarRecorder(new Redactor());
    har.add(exchange(1));
    const document = har.document();
    const { cookies: _dropped, ...request } = document.log.entries[0].request;
    const broken = { log: { ...document.log, entries: [{ ...document.log.entries[0], request }] } };
    expect((await harErrors(broken)).join("\n")).toMatch(/cookies/);
  });
});
