/**
 * `cost.balance_matches_me` on recorded exchanges: every change the contract allows between the calls passes
 * or is not judged (the call's own charge, rounding, others spending meanwhile); the seeded bug
 * `cost-balance-personal` (a team key's `cost.balance` is the personal balance; mutation matrix) fails, and so
 * does `influencer-balance-up` (a charged read reports the balance plus its charge; judged on the auth suite's
 * team reading, key-states.ts).
 */
import { describe, expect, it } from "vitest";
import { envelope, exchange, request, respond } from "../../checks/test-support/exchanges.js";
import type { Exchange } from "../../transport/exchange.js";
import { type BalanceReading, judgeBalance } from "./meaning-balance.js";

/** A `/me` answer with the key's balance and the personal one. */
function me(keyCredits: number, personal = keyCredits, status = 200): Exchange {
  const body =
    status === 200
      ? { api_access: true, credits: personal, credential: { billed_to: "team", credits: keyCredits } }
      : { error: { code: "metering_unavailable" } };
  return exchange("me", request("GET", "/me"), respond(body, status));
}

/** A 200 entity read whose envelope says `balance` after charging `charged`. */
function read(balance: unknown, charged = 0): Exchange {
  const cost = { units: 1, unit_type: "record", credits_charged: charged, credits_reserved: 0, balance };
  return exchange(
    "entity-get",
    request("GET", "/entities/cb%3Aorg%3A910000001"),
    respond(envelope({}, { cost })),
  );
}

const reading = (before: Exchange, call: Exchange, after: Exchange, key: BalanceReading["key"] = "main") =>
  judgeBalance({ key, before, call, after });

describe("cost.balance_matches_me", () => {
  it("passes the balance /me shows for the key, before the call or after its own charge, to a hundredth", () => {
    expect(reading(me(500), read(500), me(500)).status).toBe("pass");
    expect(reading(me(500), read(499.996), me(500)).status).toBe("pass");
    // A call that charged: the envelope may show the balance before or after settling.
    expect(reading(me(500), read(497, 3), me(497)).status).toBe("pass");
    expect(reading(me(500), read(500, 3), me(497)).status).toBe("pass");
  });

  it("passes any value between the two readings when the balance moved meanwhile (others spending, a top-up)", () => {
    expect(reading(me(500), read(480), me(450)).status).toBe("pass");
    expect(reading(me(450), read(480), me(500)).status).toBe("pass");
    const outside = reading(me(500), read(900), me(450));
    expect(outside.status).toBe("skip");
    expect(outside.message).toMatch(/moved/);
  });

  it("fails another figure while the balance stood still, and says when it is the personal one on a team key", () => {
    const team = reading(me(500_000, 250), read(250), me(500_000, 250), "team");
    expect(team.status).toBe("fail");
    expect(team.failures?.[0].title).toMatch(/team key.*personal balance/);
    expect(team.failures?.[0].severity).toBe("error");
    const main = reading(me(100), read(0), me(100));
    expect(main.status).toBe("fail");
    expect(main.failures?.[0].title).not.toMatch(/personal/);
  });

  it("fails a charged read (the team key's influencer read) that reports the balance plus its charge", () => {
    // Seeded bug `influencer-balance-up`: 50 before, 1 charged, /me 49 after, the read says 51.
    const up = reading(me(50), read(51, 1), me(49), "team");
    expect(up.status).toBe("fail");
    expect(up.failures?.[0].expected).toMatch(/49 after its charge/);
    expect(reading(me(50), read(49, 1), me(49), "team").status).toBe("pass");
  });

  it("does not judge (skip, never inconclusive) without the figures: an error, no number", () => {
    expect(reading(me(0, 0, 503), read(500), me(500)).status).toBe("skip");
    expect(reading(me(500), read("500"), me(500)).status).toBe("skip");
  });
});
