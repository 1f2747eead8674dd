import { describe, expect, it } from "vitest";
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
    const c = new ResultCollector();
    c.add("schema", { ...rule, operation: "resolve", status: "pass", exchange });
    c.add("schema", { ...rule, operation: "resolve", status: "fail", exchange, failures: [failure] });
    c.add("schema", { ...rule, operation: "resolve", status: "pass", exchange });
    c.add("schema", { ...rule, operation: "entity-get", status: "skip", message: "why" });
    const [resolveRow, getRow] = c.results();
    expect(resolveRow).toMatchObject({ id: "x.rule", suite: "schema", status: "fail", exchanges: 3 });
    expect(getRow).toMatchObject({ status: "skip", message: "why" });
  });

  it("builds counterexamples with a redacted curl line, the shrunk one first", () => {
    const c = new ResultCollector();
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
});
