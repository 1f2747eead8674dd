/**
 * The meaning judges on recorded exchanges: each reading the contract leaves open is accepted, and the seeded
 * differences (mutations `resolve-exact-id-not-found`, `batch-differs-from-get`, in the matrix) are found.
 */
import { describe, expect, it } from "vitest";
import {
  envelope,
  exchange,
  getExchange,
  mutate,
  request,
  respond,
  withBody,
} from "../../checks/test-support/exchanges.js";
import type { Exchange } from "../../transport/exchange.js";
import {
  judgeBatchSameAsGet,
  judgeExactResolve,
  judgeResolveLimitCut,
  judgeResolveTruncated,
  RESOLVE_LIMIT,
} from "./meaning-judges.js";

const ORG = "cb:org:910000001";

/** A resolve answer listing `ids` (status 200 unless given). */
function resolved(query: string, ids: string[], status = 200): Exchange {
  const data = ids.map((id, i) => ({ id, type: "org", name: `Firma ${i}`, score: 10 - i }));
  const body =
    status === 200
      ? envelope(data, { coverage: { requested: [query], missing: [], reason: null } })
      : { error: { code: "volume_limit" } };
  return exchange("resolve", request("GET", "/resolve", { query }), respond(body, status));
}

describe("resolve.exact_identifier_found", () => {
  it("passes when either identifier finds the organisation (which ones count is not stated)", () => {
    for (const [byNr, byId] of [
      [[ORG], []],
      [[], [ORG]],
      [["cb:org:123456789", ORG], [ORG]],
    ]) {
      const outcome = judgeExactResolve(ORG, [resolved("910000001", byNr), resolved(ORG, byId)]);
      expect(outcome.status).toBe("pass");
    }
  });

  it("fails when neither finds it (the node id is an exact identifier by the contract's Identifiers)", () => {
    const outcome = judgeExactResolve(ORG, [resolved("910000001", []), resolved(ORG, ["cb:org:123456789"])]);
    expect(outcome.status).toBe("fail");
    expect(outcome.failures?.map((f) => f.severity)).toEqual(["error"]);
    expect(outcome.failures?.[0].checkId).toBe("resolve.exact_identifier_found");
  });

  it("does not judge pages full at the limit: how candidates rank is not shown", () => {
    const full = Array.from({ length: RESOLVE_LIMIT }, (_, i) => `cb:org:${String(100000000 + i)}`);
    const outcome = judgeExactResolve(ORG, [resolved("910000001", full), resolved(ORG, full)]);
    expect(outcome.status).toBe("skip");
    expect(outcome.message).toMatch(/full/);
    const oneFull = judgeExactResolve(ORG, [resolved("910000001", full), resolved(ORG, [])]);
    expect(oneFull.status).toBe("fail");
  });

  it("does not judge (skip, never inconclusive) when no resolve answered 200, e.g. a conforming 503", () => {
    const outcome = judgeExactResolve(ORG, [resolved("910000001", [], 503), resolved(ORG, [], 503)]);
    expect(outcome.status).toBe("skip");
  });
});

describe("entities.batch_same_as_get", () => {
  const get = getExchange();
  // The id the builder reads (getExchange: the first org of the test payloads).
  const id = decodeURIComponent(get.request.path.slice("/entities/".length));
  const asBatch = (x: Exchange) => ({ ...withBody(x, { ids: [id] }), operation: "entity-batch" as const });

  it("passes the same data, whatever request_id, cost and warnings say", () => {
    const batch = mutate(asBatch(get), (j) => {
      j.request_id = "00000000-0000-4000-8000-000000000000";
      j.cost.balance = 7;
      j.warnings = ["served from cache"];
    });
    expect(judgeBatchSameAsGet(id, get, batch).status).toBe("pass");
  });

  it("accepts nodes and edges in another order (the contract states none)", () => {
    const withEdges = mutate(get, (j) => {
      j.data.edges = [1, 2].map((n) => ({ id: n, src: id, dst: `cb:person:p${n}` }));
    });
    const reordered = mutate(asBatch(withEdges), (j) => {
      j.data.edges.reverse();
    });
    expect(judgeBatchSameAsGet(id, withEdges, reordered).status).toBe("pass");
  });

  it("does not judge other data across snapshots (as_of differs) or a refused read (skip, never inconclusive)", () => {
    const later = mutate(asBatch(get), (j) => {
      j.as_of = "2026-11-22T00:00:00Z";
      j.data.entities[0].name = "Nytt navn AS";
    });
    expect(judgeBatchSameAsGet(id, get, later).status).toBe("skip");
    const refused = mutate(asBatch(get), () => {}, 503);
    expect(judgeBatchSameAsGet(id, get, refused).status).toBe("skip");
  });

  it("passes equal data stamped with the time of each reading (as_of differs, data the same)", () => {
    const stamped = mutate(asBatch(get), (j) => {
      j.as_of = "2026-11-21T12:00:01Z";
    });
    expect(judgeBatchSameAsGet(id, get, stamped).status).toBe("pass");
  });

  it("fails other data for the same id in the same snapshot", () => {
    const dropped = mutate(asBatch(get), (j) => {
      delete j.data.entities[0].active_predicates;
    });
    const outcome = judgeBatchSameAsGet(id, get, dropped);
    expect(outcome.status).toBe("fail");
    expect(outcome.failures?.[0].pointer).toContain("active_predicates");
  });
});

/** A resolve answer with `n` candidates and the given `truncated`. */
function page(n: number, truncated: boolean, status = 200): Exchange {
  const ids = Array.from({ length: n }, (_, i) => `cb:org:${910000001 + i}`);
  return mutate(resolved("910000001", ids, status), (j) => {
    if (status === 200) j.truncated = truncated;
  });
}

describe("resolve.truncated_when_limit_cuts", () => {
  it("passes a page cut at limit 1 that says truncated", () => {
    expect(judgeResolveLimitCut(page(5, false), page(1, true)).status).toBe("pass");
  });

  it("warns (never fails) when it says false: a cut at the client's limit reads both ways", () => {
    const outcome = judgeResolveLimitCut(page(RESOLVE_LIMIT, true), page(1, false));
    expect(outcome.status).toBe("warn");
    expect(outcome.failures?.[0]).toMatchObject({
      severity: "warning",
      pointer: "/truncated",
      received: "false",
    });
  });

  it("warns when limit 1 answers no candidate though the read at 50 had some, and says false", () => {
    const outcome = judgeResolveLimitCut(page(1, false), page(0, false));
    expect(outcome.status).toBe("warn");
    expect(outcome.failures?.[0]).toMatchObject({ severity: "warning", pointer: "/truncated" });
    expect(judgeResolveLimitCut(page(5, false), page(0, true)).status).toBe("pass");
  });

  it("does not judge a page that holds every candidate, a page of more than one, or non-200 answers", () => {
    expect(judgeResolveLimitCut(page(1, false), page(1, false)).status).toBe("skip");
    expect(judgeResolveLimitCut(page(0, false), page(0, false)).status).toBe("skip");
    expect(judgeResolveLimitCut(page(5, false), page(2, false)).status).toBe("skip");
    expect(judgeResolveLimitCut(page(5, false), page(1, false, 429)).status).toBe("skip");
    expect(judgeResolveLimitCut(page(5, false, 503), page(1, false)).status).toBe("skip");
  });
});

describe("resolve.truncated_only_when_cut", () => {
  it("passes a page at a limit that holds every candidate when it says nothing was cut", () => {
    expect(judgeResolveTruncated(page(3, false), page(3, false)).status).toBe("pass");
  });

  it("fails a page that claims a cut when a second whole read still has no more candidates", () => {
    const outcome = judgeResolveTruncated(page(3, false), page(3, true), page(3, false));
    expect(outcome.status).toBe("fail");
    expect(outcome.failures?.[0]).toMatchObject({ pointer: "/truncated", received: "true" });
  });

  it("does not judge when candidates came in between, or no whole read of 1 to 49 candidates exists", () => {
    const skip = (o: { status: string }) => o.status;
    expect(skip(judgeResolveTruncated(page(3, false), page(3, true), page(4, false)))).toBe("skip");
    expect(skip(judgeResolveTruncated(page(3, false), page(3, true), page(3, true)))).toBe("skip");
    expect(skip(judgeResolveTruncated(page(3, false), page(3, true)))).toBe("skip");
    expect(skip(judgeResolveTruncated(page(RESOLVE_LIMIT, false)))).toBe("skip");
    expect(skip(judgeResolveTruncated(page(0, false)))).toBe("skip");
    expect(skip(judgeResolveTruncated(page(3, true)))).toBe("skip");
    expect(skip(judgeResolveTruncated(page(3, false), page(0, false, 429)))).toBe("skip");
  });
});
