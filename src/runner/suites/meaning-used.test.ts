/**
 * `me.used_counts_call` on recorded exchanges: every shape of `used` a server may choose passes when its counts
 * count the read, a day change is not judged, and counts that stay still or go down warn (the Stryker mutants
 * of limiter.ts it was written for; seeded bug `me-used-frozen` in the mutation matrix).
 */
import { describe, expect, it } from "vitest";
import { envelope, exchange, request, respond } from "../../checks/test-support/exchanges.js";
import type { Exchange } from "../../transport/exchange.js";
import { judgeUsedCounts } from "./meaning-used.js";

/** A `/me` answer with `used`, dated `date`. */
function me(used: unknown, date = "Fri, 27 Nov 2026 12:00:00 GMT"): Exchange {
  const body = { api_access: true, credits: 1, credential: { billed_to: "personal", credits: 1, used } };
  const x = exchange("me", request("GET", "/me"), respond(body));
  return x.response ? { ...x, response: { ...x.response, headers: { ...x.response.headers, date } } } : x;
}

const READ = exchange("entity-get", request("GET", "/entities/cb%3Aorg%3A910000001"), respond(envelope({})));
const judge = (before: Exchange, after: Exchange) =>
  judgeUsedCounts({ key: "main", before, call: READ, after }).status;
const split = (today: number, month: number, credits = 0) => ({
  today: { calls: today, records: today * 3, credits },
  month: { calls: month, records: month * 3, credits },
});

describe("me.used_counts_call", () => {
  it("passes the day and month parts that both count the read, in any shape", () => {
    expect(judge(me(split(1, 10)), me(split(2, 11)))).toBe("pass");
    // Grouped by metric: credits do not move on a basic read, calls and records do.
    const byMetric = (n: number) => ({ calls: { day: n, month: n }, credits: { day: 0, month: 0 } });
    expect(judge(me(byMetric(1)), me(byMetric(2)))).toBe("pass");
    expect(
      judge(me({ calls_today: 4, calls_this_month: 9 }), me({ calls_today: 5, calls_this_month: 10 })),
    ).toBe("pass");
    expect(judge(me({ total: 4 }), me({ total: 5 }))).toBe("pass");
  });

  it("does not judge across a UTC day, nor without numbers to read", () => {
    expect(judge(me(split(9, 10)), me(split(0, 10), "Sat, 28 Nov 2026 00:00:01 GMT"))).toBe("skip");
    const noUsed = exchange("me", request("GET", "/me"), respond({ api_access: true, credential: {} }));
    expect(judge(noUsed, noUsed)).toBe("skip");
  });

  it("warns when a part did not count the read, or a count went down", () => {
    expect(judge(me(split(0, 10)), me(split(0, 11)))).toBe("warn"); // today frozen
    expect(judge(me(split(1, 0)), me(split(2, 0)))).toBe("warn"); // month frozen
    expect(judge(me(split(1, -1)), me(split(2, -2)))).toBe("warn"); // month counted down
    expect(
      judge(
        me({ today: { calls: null }, month: { calls: 1 } }),
        me({ today: { calls: null }, month: { calls: 2 } }),
      ),
    ).toBe("warn");
    expect(judge(me({ total: 4 }), me({ total: 4 }))).toBe("warn");
  });
});
