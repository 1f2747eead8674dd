import { describe, expect, it } from "vitest";
import type { Exchange } from "../../transport/exchange.js";
import { responseFacts } from "./response-facts.js";

function exchange(operation: Exchange["operation"], status: number, json: unknown): Exchange {
  return {
    operation,
    request: { method: "GET", baseUrl: "http://127.0.0.1:1/v1", path: "/x", query: {}, headers: {} },
    response: { status, headers: {}, bodyText: JSON.stringify(json), json, durationMs: 1 },
  };
}

describe("responseFacts", () => {
  it("counts what an entity read showed and reads its charge and balance", () => {
    const read = exchange("entity-batch", 200, {
      cost: { credits_charged: 2, balance: 98 },
      data: {
        entities: [
          { type: "org", active_predicates: { board_member: 3 } },
          { type: "org" },
          { type: "person" },
        ],
        edges: [{ predicate: "board_member" }, { predicate: "board_member" }],
        extensions: { financial_history: {} },
      },
    });
    expect(responseFacts(read)).toEqual({
      seen: [
        ["statuses", "200", 1],
        ["nodeTypes", "org", 2],
        ["predicates", "board_member", 3],
        ["nodeTypes", "person", 1],
        ["extensions", "financial_history", 1],
      ],
      charged: 2,
      balance: 98,
    });
  });

  it("reads /me's balance from the credential, an error's code, and no charge off a 200", () => {
    expect(responseFacts(exchange("me", 200, { credential: { credits: 7 } }))).toEqual({
      seen: [["statuses", "200", 1]],
      balance: 7,
    });
    const refused = exchange("entity-get", 402, {
      error: { code: "credits_exhausted" },
      cost: { balance: 0 },
    });
    expect(responseFacts(refused)).toEqual({
      seen: [
        ["statuses", "402", 1],
        ["errorCodes", "credits_exhausted", 1],
      ],
    });
  });
});
