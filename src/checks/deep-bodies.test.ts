/**
 * Every check on a body with a 100,000-deep array at any place: nothing throws (every walk is bounded or
 * iterative), and the exchange fails by name instead of passing unjudged.
 */
import { describe, expect, it } from "vitest";
import type { Exchange } from "../transport/exchange.js";
import { runChecks } from "./run-checks.js";
import { errorExchange, getExchange, resolveExchange } from "./test-support/exchanges.js";

const DEEP = "[".repeat(100_000) + "]".repeat(100_000);
/**
 * The deep array as JSON.parse gives it from the wire, parsed once and placed into every exchange: parsing it
 * anew at each place was most of this file's CPU. No check changes a body it judges.
 */
const DEEP_VALUE: unknown = JSON.parse(DEEP);
const MARK = '"__deep__"';

/** Every JSON pointer of a (small) value, root included. */
function places(value: unknown, at = ""): string[] {
  if (typeof value !== "object" || value === null) return [at];
  const keys = Object.keys(value);
  return [at, ...keys.flatMap((k) => places((value as Record<string, unknown>)[k], `${at}/${k}`))];
}

/** The exchange with the value at `pointer` replaced by the deep array (parsed from text, as on the wire). */
function deepAt(x: Exchange, pointer: string): Exchange {
  if (pointer === "") return { ...x, response: { ...x.response!, bodyText: DEEP, json: DEEP_VALUE } };
  const json = structuredClone(x.response!.json) as Record<string, unknown>;
  const tokens = pointer.slice(1).split("/");
  let parent = json as Record<string, unknown>;
  for (const t of tokens.slice(0, -1)) parent = parent[t] as Record<string, unknown>;
  const last = tokens[tokens.length - 1];
  parent[last] = JSON.parse(MARK);
  const text = JSON.stringify(json).replace(MARK, DEEP);
  parent[last] = DEEP_VALUE;
  return { ...x, response: { ...x.response!, bodyText: text, json } };
}

describe.each([
  ["resolve", resolveExchange(3)],
  ["entity read", getExchange()],
  ["error", errorExchange("resolve", 400, { code: "invalid_arguments" })],
])("a %s with a 100,000-deep array", (_name, exchange) => {
  it("fails at every place, without a check throwing", () => {
    for (const place of places(exchange.response!.json)) {
      const failures = runChecks(deepAt(exchange, place));
      const nesting = failures.find((f) => f.checkId === "response.structure_bounded");
      expect(nesting?.pointer?.startsWith(place), place).toBe(true);
      for (const f of failures) expect((f.received ?? "").length, place).toBeLessThan(200);
    }
  });
});
