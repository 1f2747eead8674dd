import { describe, expect, it } from "vitest";
import type { Exchange } from "../../transport/exchange.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import { CreditBudget } from "./budget.js";
import { creditPrice } from "./price.js";

const influencer = (n: number, key?: PlannedRequest["key"]): PlannedRequest => ({
  operation: "entity-batch",
  method: "POST",
  path: "/entities/batch",
  body: { json: { ids: Array.from({ length: n }, (_, i) => `cb:identity:x:u${i}`), dataset: "influencer" } },
  ...(key ? { key } : {}),
});

/** A recorded exchange as the transport would hand it over (plain data, no HTTP). */
function exchange(
  status: number,
  json: unknown,
  operation: Exchange["operation"] = "entity-batch",
): Exchange {
  return {
    operation,
    request: { method: "POST", baseUrl: "http://x/v1", path: "/entities/batch", query: {}, headers: {} },
    response: { status, headers: {}, bodyText: JSON.stringify(json), json, durationMs: 1 },
  };
}
const envelope = (charged: number, balance: number) =>
  exchange(200, { cost: { credits_charged: charged, balance } });

describe("creditPrice", () => {
  it("is 0 for basic data and one per requested id, at most 25, for the influencer dataset", () => {
    expect(
      creditPrice({ operation: "entity-batch", method: "POST", path: "/", body: { json: { ids: ["a"] } } }),
    ).toBe(0);
    expect(creditPrice(influencer(2))).toBe(2);
    expect(creditPrice(influencer(80))).toBe(25);
    expect(
      creditPrice({ operation: "entity-get", method: "GET", path: "/e", query: { dataset: "influencer" } }),
    ).toBe(1);
  });

  it("reads a raw body too, also when JSON escapes spell the dataset, and prices text that is not JSON at 0", () => {
    const raw = (text: string) =>
      creditPrice({ operation: "entity-batch", method: "POST", path: "/", body: { raw: text } });
    expect(raw('{"dataset":"influencer","ids":["a","b","a"]}')).toBe(2);
    expect(raw('{"dataset":"influ\\u0065ncer","ids":["a"]}')).toBe(1);
    expect(raw('{"d\\u0061taset":"influencer","ids":["a","b","c"]}')).toBe(3);
    expect(raw(`{"ids":${"[".repeat(100_000)}`)).toBe(0);
    expect(raw('{"dataset":"influencer","ids":')).toBe(0);
  });
});

describe("CreditBudget", () => {
  it("never lets a call through whose price exceeds what is left of the budget", () => {
    const budget = new CreditBudget(30);
    expect(
      budget.plan([
        { purpose: "a", price: 2 },
        { purpose: "cap", price: 25 },
        { purpose: "z", price: 5 },
      ]),
    ).toEqual(["z"]);
    // 3 unplanned credits: generated calls may use only those.
    expect(budget.withhold(influencer(4))).toMatch(/credit budget/);
    expect(budget.withhold(influencer(3))).toBeUndefined();
    expect(budget.withhold(influencer(25), "cap")).toBeUndefined();
    const taken = budget.take(influencer(25), "cap");
    budget.settle("main", taken, envelope(25, 75));
    expect(budget.spent).toBe(25);
    expect(budget.withhold(influencer(2), "a")).toBeUndefined();
    expect(budget.withhold(influencer(3), undefined, { committed: 1 })).toMatch(/credit budget/);
  });

  it("never lets a call through whose price exceeds the last balance the target reported for its key", () => {
    const budget = new CreditBudget(1000);
    budget.observe("main", exchange(200, { credential: { credits: 3 } }, "me"));
    expect(budget.balance("main")).toBe(3);
    expect(budget.withhold(influencer(4))).toMatch(/balance .*3 credits/);
    expect(budget.withhold(influencer(3))).toBeUndefined();
    // The team key's balance is its own.
    expect(budget.withhold(influencer(4, "team"))).toBeUndefined();
    // Keys that draw on no balance of this run are never withheld.
    expect(budget.withhold(influencer(50, "no-credits"))).toBeUndefined();
  });

  it("reads a 402 as a failure when the last balance covered the price, else as credits run out", () => {
    const covered = new CreditBudget(100);
    covered.observe("main", envelope(0, 50));
    const ex = exchange(402, { error: { code: "credits_exhausted" } });
    expect(covered.readRefusal(influencer(2), ex)).toEqual({ covered: true, lastBalance: 50, price: 2 });
    expect(covered.isRefused(ex)).toBe(true);
    expect(covered.withhold(influencer(1))).toMatch(/refused credits/);

    const unknown = new CreditBudget(100);
    unknown.spent = 7;
    expect(unknown.readRefusal(influencer(2), ex).covered).toBe(false);
    expect(unknown.ended).toBe("credits ran out: spent 7 credits; raise the balance or lower --max-credits");
    const low = new CreditBudget(100);
    low.observe("main", envelope(1, 1));
    expect(low.readRefusal(influencer(2), ex).covered).toBe(false);
  });

  it("counts what a call was charged, not its price, once it is settled", () => {
    const budget = new CreditBudget(100);
    const taken = budget.take(influencer(10));
    expect(budget.spent).toBe(10);
    budget.settle("main", taken, envelope(4, 96));
    expect(budget.spent).toBe(4);
    budget.settle("main", budget.take(influencer(5)), exchange(503, { error: { code: "data_unavailable" } }));
    expect(budget.spent).toBe(4);
  });
});

describe("CreditBudget with calls in flight", () => {
  it("counts the prices of unsettled calls against the balance seen", () => {
    const budget = new CreditBudget(100);
    budget.observe("main", envelope(0, 5));
    const first = budget.take(influencer(3));
    expect(budget.withhold(influencer(3))).toMatch(/balance/);
    expect(budget.withhold(influencer(2))).toBeUndefined();
    budget.settle("main", first, envelope(3, 2));
    expect(budget.withhold(influencer(2))).toBeUndefined();
    expect(budget.withhold(influencer(3))).toMatch(/balance/);
  });
});
