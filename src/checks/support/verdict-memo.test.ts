import { describe, expect, it } from "vitest";
import { maskRequestId, responseKey, VerdictMemo } from "./verdict-memo.js";

const body = (id: string, rest = `"as_of":"2026-01-01T00:00:00Z","data":[]}`) =>
  `{"contract":"cb/v1","request_id":"${id}",${rest}`;

describe("verdict memo", () => {
  it("reuses a verdict for a body equal up to a well-formed request_id", () => {
    const memo = new VerdictMemo();
    const key = responseKey(3, 200, { "content-type": "application/json", date: "x" });
    const a = maskRequestId(body("25c62de2-a0d1-4392-a41d-1b5fe31719ec"))!;
    const b = maskRequestId(body("598e4780-e0df-4b89-975f-7d1ff057e533"))!;
    memo.remember(key, a, []);
    expect(memo.lookup(key, b)).toEqual([]);
    // The date header is volatile; another content-type is another shape.
    expect(responseKey(3, 200, { "content-type": "application/json", date: "y" })).toBe(key);
    expect(memo.lookup(responseKey(3, 200, { "content-type": "text/html" }), b)).toBeUndefined();
  });

  it("never reuses a verdict when the request_id is malformed or anything else differs", () => {
    expect(maskRequestId(body("17"))).toBeUndefined();
    expect(maskRequestId(`{"request_id":"25c62de2-a0d1-4392-a41d-1b5fe31719ec"}`)).toBeUndefined();
    const memo = new VerdictMemo();
    const key = responseKey(0, 200, {});
    memo.remember(key, maskRequestId(body("25c62de2-a0d1-4392-a41d-1b5fe31719ec"))!, []);
    const other = maskRequestId(
      body("25c62de2-a0d1-4392-a41d-1b5fe31719ec", `"as_of":"2026-01-02","data":[]}`),
    )!;
    expect(memo.lookup(key, other)).toBeUndefined();
  });
});

describe("verdict memo keeps clean verdicts only", () => {
  it("never reuses findings: they quote the response they were found in (its request_id)", () => {
    const memo = new VerdictMemo<string>();
    const key = responseKey(0, 200, {});
    memo.remember(key, maskRequestId(body("25c62de2-a0d1-4392-a41d-1b5fe31719ec"))!, ["finding"]);
    expect(memo.lookup(key, maskRequestId(body("598e4780-e0df-4b89-975f-7d1ff057e533"))!)).toBeUndefined();
  });
});

describe("verdict memo on bytes", () => {
  const bytes = (text: string) => Buffer.from(text, "utf8");

  it("finds the request_id at its byte offset and reuses a verdict for bytes equal up to it", () => {
    // A multi-byte character before the id: positions are bytes, not characters.
    const text = (id: string) => `{"contract":"cb/v1é","request_id":"${id}","data":[]}`;
    const a = maskRequestId(bytes(text("25c62de2-a0d1-4392-a41d-1b5fe31719ec")))!;
    const b = maskRequestId(bytes(text("598e4780-e0df-4b89-975f-7d1ff057e533")))!;
    const s = maskRequestId(text("25c62de2-a0d1-4392-a41d-1b5fe31719ec"))!;
    expect(a.idStart).toBe(s.idStart + 1);
    const memo = new VerdictMemo<string>();
    const key = responseKey(0, 200, {});
    memo.remember(key, a, []);
    expect(memo.lookup(key, b)).toEqual([]);
    // Text and bytes are never taken for each other.
    expect(memo.lookup(key, s)).toBeUndefined();
  });

  it("never reuses a verdict for bytes that differ anywhere but the id", () => {
    const memo = new VerdictMemo<string>();
    const key = responseKey(0, 200, {});
    memo.remember(key, maskRequestId(bytes(body("25c62de2-a0d1-4392-a41d-1b5fe31719ec")))!, []);
    const differs = (rest: string) =>
      memo.lookup(key, maskRequestId(bytes(body("598e4780-e0df-4b89-975f-7d1ff057e533", rest)))!);
    expect(differs(`"as_of":"2026-01-01T00:00:00Z","data":[]}`)).toEqual([]);
    expect(differs(`"as_of":"2026-01-01T00:00:00Z","data":[1]`)).toBeUndefined();
    expect(differs(`"as_of":"2026-01-01T00:00:01Z","data":[]}`)).toBeUndefined();
    expect(maskRequestId(bytes(body("not-a-uuid")))).toBeUndefined();
  });
});
