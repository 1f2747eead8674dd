import { describe, expect, it } from "vitest";
import { renderWithinBudget } from "./failure-details.js";
import { causeKey, groupFailures } from "./failure-groups.js";
import type { CheckResult, Counterexample } from "./model.js";
import { replayableCounterexamples } from "./replayable.js";

const row = (id: string, extra: Partial<CheckResult> = {}): CheckResult => ({
  id,
  suite: "schema",
  status: "fail",
  sentence: `the sentence of ${id}`,
  counterexamples: [],
  ...extra,
});

const cx = (title: string, url = "http://t/v1/resolve?query=a", extra: Partial<Counterexample> = {}) => ({
  title,
  request: { method: "GET", url },
  ...extra,
});

describe("causeKey", () => {
  it("drops what differs between instances of one cause: counts, ids, years, lists", () => {
    expect(causeKey("51 edge(s) returned without include")).toBe(
      causeKey("2 edge(s) returned without include"),
    );
    expect(causeKey("financial_history of 933292476 has two rows for 1995")).toBe(
      causeKey("financial_history of 924653137 has two rows for 2013"),
    );
    expect(causeKey("HAS_SUBUNIT edges of cb:org:933292476 were cut")).toBe(
      causeKey("HAS_SUBUNIT edges of cb:org:924653137 were cut"),
    );
    expect(causeKey('a support_fact candidate for types ["org"]')).toBe(
      causeKey('a support_fact candidate for types ["org","person"]'),
    );
  });

  it("keeps what names the cause: HTTP statuses and words", () => {
    expect(causeKey("status 500")).not.toBe(causeKey("status 404"));
    expect(causeKey("valid request answered 500")).toBe("valid request answered 500");
    expect(causeKey("must have required property 'request_id'")).not.toBe(
      causeKey('must NOT have additional properties: "debug"'),
    );
  });
});

describe("groupFailures", () => {
  const results: CheckResult[] = [
    row("response.schema", { status: "pass", operation: "resolve", exchanges: 40 }),
    row("edges.only_with_include", {
      operation: "entity-get",
      failedExchanges: 3,
      counterexamples: [
        cx("51 edge(s) returned without include", "http://t/v1/entities/cb%3Aorg%3A1?x=long"),
      ],
    }),
    row("edges.only_with_include", {
      operation: "entity-batch",
      suite: "limits",
      failedExchanges: 2,
      counterexamples: [cx("2 edge(s) returned without include", "http://t/v1/entities/batch")],
    }),
    row("http.documented_status", {
      operation: "resolve",
      counterexamples: [cx("undocumented status 500"), cx("undocumented status 502")],
    }),
    row("negative.resolve_limit_0", { operation: "resolve", message: "answered 500" }),
    row("alt.same_response", { status: "warn", counterexamples: [cx("bodies differ at 3 place(s)")] }),
  ];

  it("makes one group per rule with its checks, failing exchanges, operations and suites, the widest first", () => {
    const groups = groupFailures(results);
    expect(groups.map((g) => g.id)).toEqual([
      "edges.only_with_include",
      "http.documented_status",
      "negative.resolve_limit_0",
    ]);
    expect(groups[0]).toMatchObject({
      checks: 2,
      exchanges: 5,
      operations: ["entity-get", "entity-batch"],
      suites: ["schema", "limits"],
      sentence: "the sentence of edges.only_with_include",
    });
    // Without failedExchanges a row counts its counterexamples (at least one).
    expect(groups[1].exchanges).toBe(2);
    expect(groups[2].exchanges).toBe(1);
  });

  it("merges instances of one cause and keeps distinct causes apart, the most frequent first", () => {
    const [edges, status, negative] = groupFailures(results);
    expect(edges.causes).toHaveLength(1);
    expect(edges.causes[0]).toMatchObject({ count: 2, operations: ["entity-get", "entity-batch"] });
    expect(status.causes.map((c) => c.title)).toEqual(["undocumented status 500", "undocumented status 502"]);
    // A row without counterexamples is its own cause, named by its message.
    expect(negative.causes).toEqual([{ title: "answered 500", count: 1, operations: ["resolve"] }]);
  });

  it("shows the smallest example of a cause: a shrunk one first, else the shortest request", () => {
    const [edges] = groupFailures(results);
    expect(edges.causes[0].example?.request?.url).toBe("http://t/v1/entities/batch");
    expect(edges.causes[0].title).toBe("2 edge(s) returned without include");
    const shrunk = cx("51 edge(s) returned without include", "http://t/v1/entities/a-much-longer-url", {
      shrinks: 4,
    });
    const [again] = groupFailures([
      ...results,
      row("edges.only_with_include", { counterexamples: [shrunk] }),
    ]);
    expect(again.causes[0].example).toBe(shrunk);
  });

  it("gives each example the --index cbcheck replay picks it by", () => {
    const replayable = replayableCounterexamples(results);
    for (const g of [...groupFailures(results), ...groupFailures(results, "warn")]) {
      for (const c of g.causes) {
        if (!c.example) continue;
        expect(c.replayIndex).toBeDefined();
        expect(replayable[(c.replayIndex ?? 0) - 1].cx).toBe(c.example);
      }
    }
  });

  it("groups warnings apart from failures", () => {
    expect(groupFailures(results, "warn").map((g) => g.id)).toEqual(["alt.same_response"]);
  });
});

describe("renderWithinBudget", () => {
  it("renders groups in order while they fit, spending the budget shared by the caller", () => {
    const groups = groupFailures([row("a"), row("b"), row("c")]);
    const budget = { chars: 25 };
    expect(renderWithinBudget(groups, (g) => `${g.id}`.padEnd(10, "."), budget)).toHaveLength(2);
    expect(budget.chars).toBe(5);
    expect(renderWithinBudget(groups, (g) => g.id, budget)).toHaveLength(3);
  });
});
