/**
 * False-alarm tests for the checks of what a parameter means: another reasonable reading of the contract
 * is accepted (a warning at most), and what the contract leaves open (order, repeats, `next_hint`) is not
 * judged at all.
 */
import { describe, expect, it } from "vitest";
import { coverageConsistentWithRequest } from "./coverage-consistent-with-request.js";
import { coverageRequestedReturnedOrMissing } from "./coverage-requested-returned-or-missing.js";
import { datasetResponseMatchesRequest } from "./dataset-response-matches-request.js";
import { entitiesNodesRequested } from "./entities-nodes-requested.js";
import { meDayResetNextOrLast } from "./me-day-reset-next-or-last.js";
import { meResetsAtUtcBoundaries } from "./me-resets-at-utc-boundaries.js";
import { runChecks } from "./run-checks.js";
import { askingAsOf, dated } from "./test-support/examples/behaviour.js";
import { EXAMPLES } from "./test-support/examples/index.js";
import { getExchange, mutate, orgNr, smallBatch, withBody } from "./test-support/exchanges.js";

const severities = (found: { severity: string }[]) => found.map((f) => f.severity);
const errors = (found: { severity: string }[]) => found.filter((f) => f.severity === "error");

describe("coverage.requested: order, repeats and normalised forms", () => {
  const ids = [0, 1, 2].map((i) => `cb:org:${orgNr(i)}`);

  it("accepts `requested` in another order than the request, silently", () => {
    const x = mutate(smallBatch(), (j) => {
      j.coverage.requested.reverse();
    });
    expect(runChecks(x)).toEqual([]);
  });

  it("accepts a repeated id listed once or as often as it was sent", () => {
    const repeated = withBody(smallBatch(), { ids: [...ids, ids[0]], include: ["HAS_ROLE"], extend: [] });
    const once = mutate(repeated, () => {});
    const twice = mutate(repeated, (j) => {
      j.coverage.requested.push(ids[0]);
    });
    for (const x of [once, twice]) {
      expect(coverageConsistentWithRequest.run(x)).toEqual([]);
      expect(coverageRequestedReturnedOrMissing.run(x)).toEqual([]);
      expect(entitiesNodesRequested.run(x)).toEqual([]);
    }
  });

  it("a target that normalises ids (case, spaces) gets warnings only, never an error", () => {
    const sent = [ids[0].toUpperCase(), ` ${ids[1]}`, ids[2]];
    const x = withBody(smallBatch(), { ids: sent, include: ["HAS_ROLE"] });
    const consistent = coverageConsistentWithRequest.run(x);
    expect(consistent.length).toBeGreaterThan(0);
    expect(errors(consistent)).toEqual([]);
    expect(coverageRequestedReturnedOrMissing.run(x)).toEqual([]);
    const nodes = entitiesNodesRequested.run(x);
    expect(severities(nodes)).toEqual(["warning", "warning"]);
  });

  it("an id unrelated to the request stays an error", () => {
    const x = mutate(smallBatch(), (j) => {
      j.coverage.requested.push(`cb:org:${orgNr(700)}`);
    });
    expect(severities(coverageConsistentWithRequest.run(x))).toEqual(["error"]);
  });
});

describe("entities.nodes_requested: neighbours delivered with their edges", () => {
  it("a node at the end of a delivered edge is a warning (a reading where neighbours come along)", () => {
    const x = mutate(smallBatch(), (j) => {
      j.data.entities.push({
        id: "cb:person:p0",
        type: "person",
        name: null,
        payload: { uid: null, name: null, birth_year: null },
      });
    });
    expect(severities(entitiesNodesRequested.run(x))).toEqual(["warning"]);
  });

  it("a node an extension names (a group parent delivered along) is a warning; an unrelated one an error", () => {
    const parent = `cb:org:${orgNr(7)}`;
    const node = { id: parent, type: "org", name: null, payload: {} };
    const named = mutate(smallBatch(), (j) => {
      j.data.extensions = { group_parent: { [j.data.entities[0].id]: { id: parent } } };
      j.data.entities.push(node);
    });
    expect(severities(entitiesNodesRequested.run(named))).toEqual(["warning"]);
    const unrelated = mutate(smallBatch(), (j) => {
      j.data.entities.push(node);
    });
    expect(severities(entitiesNodesRequested.run(unrelated))).toEqual(["error"]);
  });
});

describe("as_of: the contract gives the request parameter no meaning and the envelope's value no bound", () => {
  it("data later than the as_of asked for, or the parameter ignored, is no finding", () => {
    expect(runChecks(askingAsOf(smallBatch(), "2020-01-01T00:00:00Z"))).toEqual([]);
    const x = {
      ...getExchange(),
      request: { ...getExchange().request, query: { as_of: "2020-01-01T00:00:00Z" } },
    };
    expect(runChecks(x)).toEqual([]);
  });

  it("an as_of later than the response's own Date is no finding", () => {
    const x = dated(
      mutate(getExchange(), (j) => {
        j.as_of = "2099-01-01T00:00:00Z";
      }),
      "Sat, 21 Nov 2026 12:00:00 GMT",
    );
    expect(runChecks(x)).toEqual([]);
  });
});

describe("dataset readings", () => {
  it("an explicit `basic` and no dataset mean the same page", () => {
    const explicit = withBody(smallBatch(), {
      ids: [0, 1, 2].map((i) => `cb:org:${orgNr(i)}`),
      dataset: "basic",
    });
    expect(datasetResponseMatchesRequest.run(explicit)).toEqual([]);
    expect(datasetResponseMatchesRequest.run(smallBatch())).toEqual([]);
  });

  it("an unknown dataset value is left to request.invalid_arguments_rejected", () => {
    const odd = withBody(smallBatch(), { ids: [`cb:org:${orgNr(0)}`], dataset: "premium" });
    expect(datasetResponseMatchesRequest.appliesTo(odd)).toBe(false);
  });
});

describe("next_hint: the contract gives it a type and no rule", () => {
  it("a hint on a complete page and none on a cut page are both accepted", () => {
    const hinted = mutate(smallBatch(), (j) => {
      j.next_hint = "fetch the parent organisation next";
    });
    expect(runChecks(hinted)).toEqual([]);
    const cutWithoutHint = mutate(smallBatch(), (j) => {
      j.truncated = true;
      j.cursor = ["e1", 50];
      j.next_hint = null;
    });
    expect(runChecks(cutWithoutHint)).toEqual([]);
  });
});

describe("me.resets_at_utc_boundaries: only date-times are read", () => {
  it("a reset given with another offset but at 00:00 UTC passes; counts, seconds and words are not judged", () => {
    const x = mutate(EXAMPLES["me.resets_at_utc_boundaries"].pass, (j) => {
      j.credential.resets = {
        day: "2026-11-22T01:00:00+01:00",
        month_in_seconds: 86400,
        note: "daily at midnight UTC",
      };
    });
    expect(meResetsAtUtcBoundaries.run(x)).toEqual([]);
  });
});

describe("me.day_reset_next_or_last: the next reset or the last one, whatever the field names", () => {
  const at = (day: string, month: unknown, date = "Sat, 21 Nov 2026 12:00:00 GMT") =>
    meDayResetNextOrLast.run(
      dated(
        mutate(EXAMPLES["me.day_reset_next_or_last"].pass, (j) => {
          j.credential.resets = { daily: day, monthly: month };
        }),
        date,
      ),
    );

  it('the last midnight passes ("when the counters reset" read as the last reset), so does the next', () => {
    expect(at("2026-11-21T00:00:00Z", "2026-11-01T00:00:00Z")).toEqual([]);
    expect(at("2026-11-22T01:00:00+01:00", 2_592_000)).toEqual([]);
  });

  it("near midnight, a server clock a few minutes off its Date header passes; no date-time is not judged", () => {
    expect(at("2026-11-22T00:00:00Z", null, "Sat, 21 Nov 2026 23:58:30 GMT")).toEqual([]);
    expect(at("2026-11-23T00:00:00Z", null, "Sat, 21 Nov 2026 23:58:30 GMT")).toEqual([]);
    expect(at("in 12 hours" as string, 43_200)).toEqual([]);
  });

  it("a reset two days ahead warns", () => {
    expect(at("2026-11-23T00:00:00Z", null).map((f) => f.severity)).toEqual(["warning"]);
  });
});
