/**
 * `org.parent_org_nr_main_unit` and `ext.group_parent_top_owner` on recorded reads: what a conforming server
 * may answer (a main unit without `entity_type`, a cut or deleted list entry, a lacking main unit, another
 * snapshot, cross-ownership) passes or is not judged; the seeded bugs `subunit-parent-self` and
 * `group-parent-direct-owner` (mutation matrix) and the other wrong answers fail.
 */
import { describe, expect, it } from "vitest";
import { envelope, exchange, request, respond } from "../../checks/test-support/exchanges.js";
import type { Exchange } from "../../transport/exchange.js";
import { judgeMainUnit, judgeTopOwners } from "./meaning-links.js";

const MAIN = "910000001";
const SUB = "920000001";
const OTHER = "920000002";

/** An org node with `payload`. */
const node = (nr: string, payload: Record<string, unknown>) => ({
  id: `cb:org:${nr}`,
  type: "org",
  name: null,
  payload: { org_nr: nr, ...payload },
});

/** A 200 batch read delivering `nodes` with `data` extras (extensions, …) and envelope fields `over`. */
function read(
  nodes: unknown[],
  extra: Record<string, unknown> = {},
  over: Record<string, unknown> = {},
): Exchange {
  const body = envelope({ entities: nodes, edges: [], ...extra }, over);
  return exchange("entity-batch", request("POST", "/entities/batch"), respond(body));
}

const subunitsRead = (parent = MAIN, extra: Record<string, unknown> = {}) =>
  read([node(SUB, { entity_type: "underenhet", parent_org_nr: parent, ...extra })]);

/** The main unit read with `list` (organisation numbers) as its sub-units, and `payload` extras. */
function mainRead(
  list: string[],
  payload: Record<string, unknown> = { entity_type: "hovedenhet" },
  extra = {},
) {
  const subunits = { [MAIN]: list.map((nr) => ({ id: `cb:org:${nr}`, org_nr: nr, parent_org_nr: MAIN })) };
  return read([node(MAIN, payload)], { extensions: { subunits }, ...extra });
}

describe("org.parent_org_nr_main_unit", () => {
  it("passes a main unit that lists the sub-unit, with or without entity_type", () => {
    expect(judgeMainUnit(subunitsRead(), MAIN, mainRead([OTHER, SUB])).status).toBe("pass");
    expect(judgeMainUnit(subunitsRead(), MAIN, mainRead([SUB], {})).status).toBe("pass");
  });

  it("fails a sub-unit naming itself, a main unit that is a sub-unit, and a whole list without it", () => {
    const self = judgeMainUnit(subunitsRead(SUB), SUB, mainRead([]));
    expect(self.status).toBe("fail");
    expect(self.failures?.[0].title).toMatch(/names itself/);
    const sub = judgeMainUnit(subunitsRead(), MAIN, mainRead([SUB], { entity_type: "underenhet" }));
    expect(sub.failures?.[0].title).toMatch(/is itself a sub-unit/);
    const left = judgeMainUnit(subunitsRead(), MAIN, mainRead([OTHER]));
    expect(left.status).toBe("fail");
    expect(left.failures?.[0].severity).toBe("error");
  });

  it("does not judge the list when it was cut or the sub-unit is deleted, nor a lacking main unit or snapshot", () => {
    const cut = mainRead([OTHER], undefined, { extensions_truncated: { subunits: [MAIN] } });
    expect(judgeMainUnit(subunitsRead(), MAIN, cut).status).toBe("pass");
    const full = mainRead(Array.from({ length: 1000 }, (_, i) => String(930000000 + i)));
    expect(judgeMainUnit(subunitsRead(), MAIN, full).status).toBe("pass");
    expect(judgeMainUnit(subunitsRead(MAIN, { is_deleted: true }), MAIN, mainRead([OTHER])).status).toBe(
      "pass",
    );
    const missing = read(
      [],
      {},
      { coverage: { requested: [`cb:org:${MAIN}`], missing: [`cb:org:${MAIN}`], reason: null } },
    );
    expect(judgeMainUnit(subunitsRead(), MAIN, missing).status).toBe("skip");
    const later = read(
      [node(MAIN, {})],
      { extensions: { subunits: { [MAIN]: [] } } },
      { as_of: "2026-11-22T00:00:00Z" },
    );
    expect(judgeMainUnit(subunitsRead(), MAIN, later).status).toBe("skip");
  });
});

/** A read with `group_parent` extensions: organisation number → owner number (null: none). */
function owners(map: Record<string, string | null>, over: Record<string, unknown> = {}): Exchange {
  const group_parent = Object.fromEntries(
    Object.entries(map).map(([nr, top]) => [
      nr,
      top === null ? null : { id: `cb:org:${top}`, org_nr: top, depth: 1, name: null },
    ]),
  );
  return read(
    Object.keys(map).map((nr) => node(nr, {})),
    { extensions: { group_parent } },
    over,
  );
}

describe("ext.group_parent_top_owner", () => {
  const A = "930000001";
  const TOP = "930000002";
  const HIGHER = "930000003";

  it("passes a group parent without an owner above it", () => {
    expect(judgeTopOwners(owners({ [A]: TOP }), owners({ [TOP]: null })).status).toBe("pass");
  });

  it("fails a group parent that has an owner above it (the direct owner given, not the top)", () => {
    const outcome = judgeTopOwners(
      owners({ [A]: TOP }),
      owners({ [TOP]: HIGHER }),
      owners({ [HIGHER]: null }),
    );
    expect(outcome.status).toBe("fail");
    expect(outcome.failures?.[0].title).toMatch(/has an owner above it/);
  });

  it("does not judge cross-ownership (no top), other snapshots, or reads without group parents", () => {
    expect(judgeTopOwners(owners({ [A]: TOP }), owners({ [TOP]: A })).status).toBe("pass");
    const cycle = judgeTopOwners(owners({ [A]: TOP }), owners({ [TOP]: HIGHER }), owners({ [HIGHER]: TOP }));
    expect(cycle.status).toBe("pass");
    const later = owners({ [TOP]: HIGHER }, { as_of: "2026-11-22T00:00:00Z" });
    expect(judgeTopOwners(owners({ [A]: TOP }), later).status).toBe("skip");
    expect(judgeTopOwners(owners({ [A]: null }), owners({ [A]: null })).status).toBe("skip");
  });
});
