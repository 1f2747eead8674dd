/**
 * The three oracles by example: what each class of request may be answered, and what fails it — a valid
 * request refused (400, naming the parameter and value) or answered 404, an invalid one served or refused with
 * another code, an open one answered anything but 200 or 400 — and what no class may get: a 5xx other than
 * 503, an error body outside the contract's. Answers of the account (402, 403, 429, 503) pass every class.
 */
import { describe, expect, it } from "vitest";
import { errorExchange, exchange, request, respond } from "../../checks/test-support/exchanges.js";
import type { Exchange } from "../../transport/exchange.js";
import { BODY_LIMIT_LEEWAY, type JudgedInput, judgeInput } from "./input-oracles.js";

const answered = (status: number, json: unknown = { error: { code: "invalid_arguments" } }): Exchange =>
  exchange("resolve", request("GET", "/resolve", { query: "a" }), respond(json, status));
const valid: JudgedInput = { class: "valid", what: 'query "a" (at minLength 1)' };
const invalid: JudgedInput = {
  class: "invalid",
  what: 'limit "51" (one above maximum 50)',
  expectStatus: 400,
};
const open: JudgedInput = { class: "open", what: 'query " " (white space only)' };
const titles = (x: Exchange, input: JudgedInput) => judgeInput(x, input).map((p) => p.title);

describe("input oracles", () => {
  it("valid: 200 passes; 400 fails naming the parameter and value, as does a 404 for an unknown id", () => {
    expect(titles(answered(200, {}), valid)).toEqual([]);
    expect(titles(answered(400), valid)).toEqual(['valid request answered 400: query "a" (at minLength 1)']);
    expect(judgeInput(answered(400), valid)[0]).toMatchObject({
      expected: expect.stringMatching(/^200/),
      received: '400 "invalid_arguments"',
    });
    expect(titles(errorExchange("entity-get", 404, { code: "not_found" }), valid)).toHaveLength(1);
  });

  it("valid: a 413 passes only for a body large enough to be above a limit the contract does not show", () => {
    const body = (bytes: number) =>
      exchange(
        "entity-batch",
        request("POST", "/entities/batch", {}, `{"ids":["${"9".repeat(bytes)}"]}`),
        respond({ error: { code: "too_large" } }, 413),
      );
    expect(titles(body(1000), valid)).toHaveLength(1);
    expect(titles(body(BODY_LIMIT_LEEWAY + 1), valid)).toEqual([]);
  });

  it("invalid: 400 invalid_arguments passes; a 200 fails, as does another code; 413 where the case says so", () => {
    expect(titles(answered(400), invalid)).toEqual([]);
    expect(titles(answered(200, {}), invalid)).toEqual([
      'invalid request answered 200: limit "51" (one above maximum 50)',
    ]);
    expect(titles(answered(400, { error: { code: "bad_limit" } }), invalid)).toEqual([
      'invalid request refused with code "bad_limit": limit "51" (one above maximum 50)',
    ]);
    const oversize: JudgedInput = { class: "invalid", what: "(body) 10485760 bytes", expectStatus: 413 };
    expect(titles(answered(413, { error: { code: "too_large" } }), oversize)).toEqual([]);
    expect(titles(answered(400), oversize)).toHaveLength(1);
  });

  it("open: 200 or 400 with the error body pass; a 404, a 500 or a 400 without the body fail", () => {
    expect(titles(answered(200, {}), open)).toEqual([]);
    expect(titles(answered(400, { error: { code: "whatever" } }), open)).toEqual([]);
    expect(titles(answered(404, { error: { code: "not_found" } }), open)).toHaveLength(1);
    expect(titles(answered(500, { error: { code: "internal_error" } }), open)).toEqual([
      'open request answered 500: query " " (white space only)',
    ]);
    expect(titles(answered(400, { message: "no" }), open).join(" | ")).toMatch(/error body/);
  });

  it("passes the account's answers for every class, and leaves a missing answer to transport.response_received", () => {
    for (const input of [valid, invalid, open]) {
      for (const status of [402, 403, 429, 503])
        expect(titles(answered(status, { error: { code: "x" } }), input), `${input.class} ${status}`).toEqual(
          [],
        );
      const reset: Exchange = {
        ...answered(200),
        response: undefined,
        transportError: { code: "CB_RESET", message: "socket hang up" },
      };
      expect(titles(reset, input)).toEqual([]);
    }
  });
});
