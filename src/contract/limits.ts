/**
 * The numbers of contract cb/v1 (section Limits and the tables it summarises). Numbers that a schema holds
 * are read from that schema (single source of truth: schemas/); the rest are constants with their sentence.
 * Rules that need the request to judge (50 sub-units per organisation in a batch, 25 ids below Plus) are
 * semantic checks built on these numbers.
 */
import { schemaNumberAt } from "./schema-value.js";

const n = schemaNumberAt;

/** Contract limits by name. Schema-held values come from the pointer named in each comment. */
export const LIMITS = Object.freeze({
  /** Limits: "Calls per minute | 120 | Plus accounts". */
  callsPerMinute: 120,
  /** Limits: "Calls per day | 10,000 | Plus accounts". */
  callsPerDay: 10_000,
  /** Limits: "Records per day | 50,000 | Plus accounts". */
  recordsPerDay: 50_000,
  /** batch-request#/properties/ids/minItems — "Ids per batch call | 1 to 100". */
  idsPerBatchMin: n("batch-request", "/properties/ids/minItems"),
  /** batch-request#/properties/ids/maxItems — "Ids per batch call | 1 to 100"; "100 on Plus". */
  idsPerBatchMax: n("batch-request", "/properties/ids/maxItems"),
  /** batch-request#/properties/ids/items/minLength — ids "each 3 to 300 characters". */
  idMinLength: n("batch-request", "/properties/ids/items/minLength"),
  /** batch-request#/properties/ids/items/maxLength — ids "each 3 to 300 characters". */
  idMaxLength: n("batch-request", "/properties/ids/items/maxLength"),
  /** Limits: "Ids per call, entity reads | 25 below Plus, 100 on Plus" (and 25 on Free via the agent channel). */
  idsBelowPlus: 25,
  /** Limits: "Recommended ids per call | 50 with all four extensions; sequential calls". */
  recommendedIdsAllExtensions: 50,
  /** entity-get-request#/properties/include/maxItems — "`include` items | max 30". */
  includeMax: n("entity-get-request", "/properties/include/maxItems"),
  /** entity-get-request#/properties/extend/maxItems — "`extend` items | max 4". */
  extendMax: n("entity-get-request", "/properties/extend/maxItems"),
  /** entity-get-request#/properties/cursor/maxItems — "`cursor` items | max 5". */
  cursorItemsMax: n("entity-get-request", "/properties/cursor/maxItems"),
  /** entity-get-request#/properties/cursor/items/maxLength — cursor items "a string (max 300 characters)". */
  cursorItemMaxLength: n("entity-get-request", "/properties/cursor/items/maxLength"),
  /** resolve-request#/properties/query/minLength — "`query` length | 1 to 300 characters". */
  queryMinLength: n("resolve-request", "/properties/query/minLength"),
  /** resolve-request#/properties/query/maxLength — "`query` length | 1 to 300 characters". */
  queryMaxLength: n("resolve-request", "/properties/query/maxLength"),
  /** resolve-request#/properties/types/maxItems — `types` "max 20 items". */
  typesMax: n("resolve-request", "/properties/types/maxItems"),
  /** resolve-request#/properties/limit/minimum — "`limit` | 1 to 50, default 10". */
  resolveLimitMin: n("resolve-request", "/properties/limit/minimum"),
  /** resolve-request#/properties/limit/maximum — "`limit` | 1 to 50, default 10". */
  resolveLimitMax: n("resolve-request", "/properties/limit/maximum"),
  /** resolve-request#/properties/limit/default — "`limit` | 1 to 50, default 10". */
  resolveLimitDefault: n("resolve-request", "/properties/limit/default"),
  /** resolve-response#/allOf/1/properties/data/maxItems — resolve `data` "array (max 50)". */
  resolveCandidatesMax: n("resolve-response", "/allOf/1/properties/data/maxItems"),
  /** envelope#/properties/entities/maxItems — envelope `entities` "max 200". */
  envelopeEntitiesMax: n("envelope", "/properties/entities/maxItems"),
  /** envelope#/properties/coverage/properties/missing/maxItems — `missing` "max 100". */
  coverageMissingMax: n("envelope", "/properties/coverage/properties/missing/maxItems"),
  /** entities-response — `requested` "max 100 for entity reads". */
  coverageRequestedMax: n("entities-response", "/allOf/1/properties/coverage/properties/requested/maxItems"),
  /** entities-response — "Nodes per response | max 100 (influencer: 25)". */
  nodesPerResponse: n("entities-response", "/allOf/1/properties/data/properties/entities/maxItems"),
  /** influencer-response — "Nodes per response | max 100 (influencer: 25)". */
  influencerNodesPerResponse: n(
    "influencer-response",
    "/allOf/1/properties/data/properties/entities/maxItems",
  ),
  /** entities-response — "Edges per response | max 50". */
  edgesPerResponse: n("entities-response", "/allOf/1/properties/data/properties/edges/maxItems"),
  /** extensions — "`financial_history` rows | max 30 per organisation". */
  financialHistoryRows: n("extensions", "/properties/financial_history/additionalProperties/maxItems"),
  /** Limits: "`subunits` | max 50 per organisation in a batch" (needs the request: a semantic check). */
  subunitsPerOrgBatch: 50,
  /** extensions — "`subunits` | … max 1000 for a single id". */
  subunitsSingleId: n("extensions", "/properties/subunits/additionalProperties/maxItems"),
  /** extensions — "`web_identities` | max 10 per organisation". */
  webIdentities: n("extensions", "/properties/web_identities/additionalProperties/maxItems"),
  /** extensions — "`extensions_truncated.subunits` | max 100 entries". */
  extensionsTruncatedSubunits: n("extensions", "/$defs/extensions-truncated/properties/subunits/maxItems"),
  /** node — state_finance_node `active_actor_bindings` "(array, max 25, …)". */
  activeActorBindings: n(
    "node",
    "/$defs/state-finance-node-payload/properties/active_actor_bindings/maxItems",
  ),
  /** What the service does: "relationship traversal (at most three hops)". */
  traversalHopsMax: 3,
});
