import { describe, expect, it } from "vitest";
import { Redactor } from "../redactor.js";
import { expectNoSecret } from "../test-support/expect-no-secret.js";
import type { Exchange } from "../transport/exchange.js";
import { ResultCollector } from "./results.js";

const exchange: Exchange = {
  operation: "resolve",
  request: {
    method: "GET",
    baseUrl: "http://127.0.0.1:1/v1",
    path: "/resolve",
    query: { query: "a b" },
    headers: { authorization: "Bearer <redacted>" },
  },
  response: { status: 200, headers: {}, bodyText: "{}", json: {}, durationMs: 1 },
};
const rule = {
  verdict: { id: "x.rule", section: "Errors", sentence: "A sentence.", level: "fail" as const },
};
const failure = { checkId: "x.rule", severity: "error" as const, title: "broken", received: "1" };

describe("ResultCollector", () => {
  it("keeps one row per check and operation; the worst status wins", () => {
    const c = new ResultCollector(new Redactor());
    c.add("schema", { ...rule, operation: "resolve", status: "pass", exchange });
    c.add("schema", { ...rule, operation: "resolve", status: "fail", exchange, failures: [failure] });
    c.add("schema", { ...rule, operation: "resolve", status: "pass", exchange });
    c.add("schema", { ...rule, operation: "entity-get", status: "skip", message: "why" });
    const [resolveRow, getRow] = c.results();
    expect(resolveRow).toMatchObject({ id: "x.rule", suite: "schema", status: "fail", exchanges: 3 });
    expect(getRow).toMatchObject({ status: "skip", message: "why" });
  });

  it("builds counterexamples with a redacted curl line, the shrunk one first", () => {
    const c = new ResultCollector(new Redactor());
    c.add("schema", { ...rule, status: "fail", exchange, failures: [failure] });
    c.add("schema", {
      ...rule,
      status: "fail",
      exchange,
      failures: [{ ...failure, title: "minimal" }],
      shrinks: 3,
    });
    const [row] = c.results();
    expect(row.counterexamples[0]).toMatchObject({ title: "minimal", shrinks: 3, status: 200 });
    expect(row.counterexamples[0].curl).toBe(
      "curl -X GET 'http://127.0.0.1:1/v1/resolve?query=a%20b' -H 'Authorization: Bearer <redacted>'",
    );
  });

  it("never lists as passed a row whose exchanges all went without a response", () => {
    const { response: _, ...sent } = exchange;
    const reset: Exchange = { ...sent, transportError: { code: "CB_RESET", message: "socket hang up" } };
    const c = new ResultCollector(new Redactor());
    c.add("schema", { ...rule, operation: "resolve", status: "pass", exchange: reset });
    c.add("schema", { ...rule, operation: "resolve", status: "pass", exchange: reset });
    c.add("schema", { ...rule, operation: "me", status: "pass", exchange: reset });
    c.add("schema", { ...rule, operation: "me", status: "pass", exchange });
    const [resolveRow, meRow] = c.results();
    expect(resolveRow).toMatchObject({ status: "inconclusive", exchanges: 2 });
    expect(resolveRow.message).toContain("no response to judge (CB_RESET: socket hang up)");
    // One exchange that was answered and passed is a pass of the row.
    expect(meRow).toMatchObject({ status: "pass", exchanges: 2 });
  });

  it("records what leaves judging redacted: the exchange, the failure's texts, the message, a body cut mid-key", () => {
    const key = "cbk_plus_0f3a9c2e7d15b8a4";
    const echo: Exchange = {
      ...exchange,
      request: { ...exchange.request, query: { query: key }, body: `{"key":"${key}"}` },
      response: {
        status: 200,
        headers: { "x-echo": Buffer.from(key).toString("hex").toUpperCase() },
        // The key sits across the 2,000th character, where a counterexample cuts the body.
        bodyText: `${"y".repeat(1990)}${key} and more`,
        durationMs: 1,
      },
    };
    const c = new ResultCollector(new Redactor([key]));
    c.add("schema", {
      ...rule,
      status: "fail",
      exchange: echo,
      message: `echoed ${key.toLowerCase()}`,
      failures: [{ ...failure, title: `saw ${key}`, received: encodeURIComponent(key), expected: key }],
    });
    const [row] = c.results();
    expectNoSecret(JSON.stringify(row), key, "report row");
    expect(row.counterexamples[0].response?.bodyTruncated).toBe(true);
    expect(row.message).toBe("echoed <redacted>");
  });
});
