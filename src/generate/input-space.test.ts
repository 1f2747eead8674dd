/**
 * The input-space table: per operation, parameter, keyword, value and class, how many requests and what came
 * back; requests of operations without a request schema, or of another method, are not counted.
 */
import { describe, expect, it } from "vitest";
import { InputSpaceTally } from "./input-space.js";

const resolve = (query: Record<string, string>, status = 200) => ({
  operation: "resolve",
  request: { method: "GET", path: "/resolve", query },
  response: { status },
});

describe("InputSpaceTally", () => {
  it("counts each parameter by keyword and class, with the answers", () => {
    const tally = new InputSpaceTally();
    tally.add(resolve({ query: "😀".repeat(300), limit: "50" }));
    tally.add(resolve({ query: "😀".repeat(300), limit: "51" }, 400));
    tally.add(resolve({ query: "   " }, 400));
    const rows = tally
      .rows()
      .map(
        (r) => `${r.parameter} ${r.keyword} ${r.value} ${r.class} ${r.count} ${JSON.stringify(r.answers)}`,
      );
    expect(rows).toEqual(
      expect.arrayContaining([
        'query length length 300 (max) valid 2 {"200":1,"400":1}',
        'query characters astral valid 2 {"200":1,"400":1}',
        'limit value value 50 (max) valid 1 {"200":1}',
        'limit value value 51 (above 50) invalid 1 {"400":1}',
        'limit maximum must be <= 50 invalid 1 {"400":1}',
        'query format must match format "cbcheck-plain-text" (our preference, not a contract rule) open 1 {"400":1}',
      ]),
    );
  });

  it("labels ids by shape, date-times by part, arrays by size, repeated items, and the transport's code", () => {
    const tally = new InputSpaceTally();
    tally.add({
      operation: "entity-batch",
      request: {
        method: "POST",
        path: "/entities/batch",
        body: JSON.stringify({
          ids: ["cb:org:923609016", "hello"],
          extend: ["subunits", "subunits"],
          as_of: "2024-02-29t23:59:59.123456789Z",
        }),
      },
      transportError: { code: "CB_TIMEOUT" },
    });
    const rows = tally
      .rows()
      .map((r) => `${r.parameter} ${r.keyword} ${r.value} ${r.class} ${JSON.stringify(r.answers)}`);
    expect(rows).toEqual(
      expect.arrayContaining([
        'ids items format each: shape: organisation id open {"CB_TIMEOUT":1}',
        'ids items format each: shape: not a node id open {"CB_TIMEOUT":1}',
        'extend uniqueItems repeated items open {"CB_TIMEOUT":1}',
        'as_of format separator: t valid {"CB_TIMEOUT":1}',
        'as_of format fraction: 7–9 digits valid {"CB_TIMEOUT":1}',
        'ids items items inside open {"CB_TIMEOUT":1}',
      ]),
    );
  });

  it("tallies a request sent again in a later run as the first time, and tells a body without Content-Type apart", () => {
    const batch = (headers?: Record<string, string>) => ({
      operation: "entity-batch",
      request: {
        method: "POST",
        path: "/entities/batch",
        body: JSON.stringify({ ids: ["cb:org:923609016"] }),
        ...(headers ? { headers } : {}),
      },
      response: { status: 200 },
    });
    const rowsOf = (...exchanges: ReturnType<typeof batch>[]) => {
      const tally = new InputSpaceTally();
      for (const ex of exchanges) tally.add(ex);
      return tally.rows();
    };
    const first = rowsOf(batch({ "content-type": "application/json" }));
    // The same wire parts again, in another run of the process: the same rows.
    expect(rowsOf(batch({ "content-type": "application/json" }))).toEqual(first);
    // Headers unknown (a planned request written out) decode as the body's own facts, with no wire fact.
    expect(rowsOf(batch())).toEqual(first);
    // Headers known and no Content-Type: the body's wire fact is counted, whatever was tallied before.
    const bare = rowsOf(batch({}));
    expect(bare).not.toEqual(first);
    expect(bare.map((r) => `${r.parameter} ${r.keyword}`)).toContain("(body) no-content-type");
  });

  it("leaves out operations without a request schema and requests of another method", () => {
    const tally = new InputSpaceTally();
    tally.add({ operation: "me", request: { method: "GET", path: "/me" }, response: { status: 200 } });
    tally.add({
      operation: "entity-batch",
      request: { method: "GET", path: "/entities/batch" },
      response: { status: 405 },
    });
    expect(tally.rows()).toEqual([]);
  });
});
