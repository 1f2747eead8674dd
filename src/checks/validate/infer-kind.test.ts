import { describe, expect, it } from "vitest";
import { HarnessError } from "../../errors.js";
import { getExchange, influencerExchange, resolveExchange, smallBatch } from "../test-support/exchanges.js";
import { chooseKind, fittingKind } from "./infer-kind.js";
import { resolveKind } from "./kinds.js";
import { requestFromJson } from "./request-input.js";

const body = (x: { response?: { json?: unknown } }) => x.response?.json;

describe("fittingKind", () => {
  it("reads the kind of a response from its shape", () => {
    expect(fittingKind(body(smallBatch()), {})?.schema).toBe("entities-response");
    expect(fittingKind(body(getExchange()), {})?.schema).toBe("entities-response");
    expect(fittingKind(body(influencerExchange()), {})?.schema).toBe("influencer-response");
    expect(fittingKind(body(resolveExchange()), {})?.schema).toBe("resolve-response");
    expect(fittingKind({ error: { code: "not_found" } }, {})?.schema).toBe("error");
    expect(fittingKind({ api_access: true, credits: 1, credential: {} }, {})?.schema).toBe("me");
    expect(fittingKind({ contract: "cb/v1", data: { results: [] } }, {})).toBeUndefined();
    expect(fittingKind([1, 2], {})).toBeUndefined();
  });

  it("prefers what the user said it answers: operation, the request's dataset, an error status", () => {
    const influencer = requestFromJson(
      '{"path":"/entities/batch","body":{"ids":["x"],"dataset":"influencer"}}',
    );
    const withEdges = body(smallBatch());
    expect(fittingKind(withEdges, { request: influencer, operation: "entity-batch" })?.schema).toBe(
      "influencer-response",
    );
    expect(fittingKind(withEdges, { operation: "traversals" })?.schema).toBe("envelope");
    expect(fittingKind(withEdges, { status: 500 })?.schema).toBe("error");
    expect(fittingKind(body(resolveExchange()), { operation: "search" })?.schema).toBe("envelope");
  });
});

describe("chooseKind", () => {
  const usage = (fn: () => unknown): string => {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(HarnessError);
      expect((err as HarnessError).code).toBe("CB_USAGE");
      return (err as Error).message;
    }
    throw new Error("expected a usage error");
  };

  it("keeps a specific --as as given", () => {
    const kind = resolveKind("node");
    expect(chooseKind(body(smallBatch()), kind, {})).toEqual({ kind });
  });

  it("infers the kind without --as, and refuses a document it cannot tell", () => {
    const chosen = chooseKind(body(smallBatch()), undefined, {});
    expect(chosen.kind.schema).toBe("entities-response");
    expect(chosen.inferred?.why).toMatch(/entities and edges/);
    expect(usage(() => chooseKind({ x: 1 }, undefined, {}))).toMatch(/give --as <kind> \(known: .*entities/);
  });

  it("refuses --as envelope for a response whose data a specific kind types, naming that kind", () => {
    const envelope = resolveKind("envelope");
    expect(usage(() => chooseKind(body(smallBatch()), envelope, {}))).toMatch(
      /--as envelope does not type data; this response fits entities-response/,
    );
    expect(usage(() => chooseKind(body(resolveExchange()), envelope, {}))).toMatch(/fits resolve-response/);
    // Search, traversals and usage answer data the contract does not show: envelope is their kind.
    expect(chooseKind(body(smallBatch()), envelope, { operation: "search" })).toEqual({ kind: envelope });
    expect(chooseKind({ contract: "cb/v1", data: { results: [] } }, envelope, {})).toEqual({
      kind: envelope,
    });
  });
});
