import { describe, expect, it } from "vitest";
import { keyHash } from "./key-hash.js";
import { requestFacts } from "./request-facts.js";

describe("request facts", () => {
  it("are derived once per distinct request line and header list, and reused as they were", () => {
    const headers = ["Host", "h:1", "Authorization", "Bearer secret-1"];
    const first = requestFacts("GET", "/v1/me", headers);
    expect(requestFacts("GET", "/v1/me", [...headers])).toBe(first);
    expect(first).toMatchObject({
      keyHash: keyHash("secret-1"),
      url: "/v1/me",
      headers: { authorization: "Bearer <redacted>" },
      keyInQuery: [],
    });
    // Shared between exchanges: nobody may change them.
    expect(Object.isFrozen(first.headers)).toBe(true);
    expect(() => {
      (first.headers as Record<string, string>).authorization = "x";
    }).toThrow();
  });

  it("tell apart what differs in method, URL, any header, or how a header list splits into items", () => {
    const base = requestFacts("GET", "/v1/me", ["Authorization", "Bearer k-1"]);
    expect(requestFacts("GET", "/v1/me", ["Authorization", "Bearer k-2"]).keyHash).not.toBe(base.keyHash);
    expect(requestFacts("HEAD", "/v1/me", ["Authorization", "Bearer k-1"]).memoId).not.toBe(base.memoId);
    expect(requestFacts("GET", "/v1/capabilities", ["Authorization", "Bearer k-1"]).url).toBe(
      "/v1/capabilities",
    );
    // Lists whose joined text is the same are still different lists.
    const a = requestFacts("GET", "/v1/me", ["a", "b\nc"]);
    const b = requestFacts("GET", "/v1/me", ["a\nb", "c"]);
    expect(a.headers).toEqual({ a: "b\nc" });
    expect(b.headers).toEqual({ "a\nb": "c" });
  });

  it("redact a key sent in the query, raw or percent-encoded, and name the parameters", () => {
    const key = "k+/=1";
    const url = `/v1/me?api_key=${encodeURIComponent(key)}&x=${key}`;
    const facts = requestFacts("GET", url, ["authorization", `Bearer ${key}`]);
    expect(facts.url).toBe("/v1/me?api_key=<redacted>&x=<redacted>");
    expect(facts.keyInQuery).toEqual(["api_key"]);
    expect(JSON.stringify(facts)).not.toContain("k+/=1");
  });

  it("give requests equal in all the checks read (the key redacted, volatile headers aside) one memo id", () => {
    const one = requestFacts("POST", "/v1/entities/batch", [
      "Authorization",
      "Bearer cbk_one",
      "Content-Length",
      "10",
    ]);
    const two = requestFacts("POST", "/v1/entities/batch", [
      "Authorization",
      "Bearer cbk_two",
      "Content-Length",
      "12",
    ]);
    expect(two.memoId).toBe(one.memoId);
    const other = requestFacts("POST", "/v1/entities/batch", [
      "Authorization",
      "Bearer cbk_one",
      "Accept",
      "x",
    ]);
    expect(other.memoId).not.toBe(one.memoId);
  });
});
