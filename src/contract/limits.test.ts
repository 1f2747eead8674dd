import { describe, expect, it } from "vitest";
import { LIMITS } from "./limits.js";
import { DATASETS, EXTENSION_NAMES, NODE_TYPES, RESOLVE_NODE_TYPES, UNIT_TYPES } from "./vocabulary.js";

describe("contract limits", () => {
  it("are the numbers of the contract's Limits table, whether read from a schema or constant", () => {
    expect(LIMITS).toMatchObject({
      callsPerMinute: 120,
      callsPerDay: 10_000,
      recordsPerDay: 50_000,
      idsPerBatchMin: 1,
      idsPerBatchMax: 100,
      idMinLength: 3,
      idMaxLength: 300,
      idsBelowPlus: 25,
      recommendedIdsAllExtensions: 50,
      includeMax: 30,
      extendMax: 4,
      cursorItemsMax: 5,
      cursorItemMaxLength: 300,
      queryMinLength: 1,
      queryMaxLength: 300,
      typesMax: 20,
      resolveLimitMin: 1,
      resolveLimitMax: 50,
      resolveLimitDefault: 10,
      resolveCandidatesMax: 50,
      envelopeEntitiesMax: 200,
      coverageMissingMax: 100,
      coverageRequestedMax: 100,
      nodesPerResponse: 100,
      influencerNodesPerResponse: 25,
      edgesPerResponse: 50,
      financialHistoryRows: 30,
      subunitsPerOrgBatch: 50,
      subunitsSingleId: 1000,
      webIdentities: 10,
      extensionsTruncatedSubunits: 100,
      activeActorBindings: 25,
      traversalHopsMax: 3,
    });
    expect(Object.isFrozen(LIMITS)).toBe(true);
  });
});

describe("contract vocabulary", () => {
  it("lists the node types of entity reads and of resolve", () => {
    expect([...NODE_TYPES].sort()).toEqual(
      [
        "org",
        "person",
        "property",
        "entity",
        "belief_tradition",
        "support_fact",
        "support_scheme",
        "support_scheme_period",
        "public_actor",
        "state_finance_node",
        "building",
        "address",
        "identity",
        "group",
        "party",
        "tender",
        "article",
        "ip",
        "license",
      ].sort(),
    );
    expect(RESOLVE_NODE_TYPES.every((t) => NODE_TYPES.includes(t))).toBe(true);
    expect(RESOLVE_NODE_TYPES).toHaveLength(10);
  });

  it("lists datasets, extensions and unit types", () => {
    expect(DATASETS).toEqual(["basic", "influencer"]);
    expect(EXTENSION_NAMES).toEqual(["financial_history", "subunits", "web_identities", "group_parent"]);
    expect(UNIT_TYPES).toEqual(["record", "premium_record"]);
  });
});
