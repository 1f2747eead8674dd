/**
 * The seeded bugs that are on, turned once (at start) into typed settings that the ops read. Ops never test a
 * mutation id: they read a setting, whose default is the conforming behaviour. Bugs that only bend a
 * finished reply are reply interceptors instead (`http/mutate.ts`).
 */
import type { MutationId } from "./mutations.js";

/** How a seeded bug miscounts a resolve query's length. */
export type QueryMiscount = "utf16-units" | "high-bmp-pairs";

/** What the computing of replies does; `NO_BUGS` is the contract's behaviour. */
export interface BugSettings {
  /** Nodes: signing-rights fields stay when several organisations are requested. */
  signingInMultiOrg: boolean;
  /** Nodes: org `employees` is delivered as a string. */
  employeesAsString: boolean;
  /** Nodes: org payload carries `internal_score`. */
  orgUnknownField: boolean;
  /** Nodes: `name` is left out. */
  nodeWithoutName: boolean;
  /** Edges: added to the page size and step (51 edges per page). */
  edgePageOverflow: number;
  /** Edges: the cursor resumes this many edges early (the last edge of a page repeats); negative: late. */
  edgeCursorStepBack: number;
  /** Edges: a cut edge page answers `truncated: false` and no cursor. */
  edgeCutSilently: boolean;
  /** Entity reads that carry a cursor (the server's own continuation marker too) are refused with 400. */
  edgeCursorRefused: boolean;
  /** Edges: the last page still says it was cut (`truncated` true, a cursor) although no edge follows. */
  edgeCursorPastEnd: boolean;
  /** Nodes: in a read of more than one id, an organisation's payload is `{}`. */
  multiOrgPayloadEmpty: boolean;
  /** Edges: returned as if `include=*` when `include` was not given. */
  edgesWithoutInclude: boolean;
  /** Coverage: `requested` names an id that was not requested. */
  requestedExtraId: boolean;
  /** Coverage: the last unknown id is left out of `missing`. */
  missingOmitsLast: boolean;
  /** Coverage: an unknown id answers 404. */
  unknownId404: boolean;
  /** Resolve: candidates delivered beyond `limit`. */
  resolveOverLimit: number;
  /** Resolve: `truncated` is true whenever the page is full at `limit`, even when nothing was cut. */
  resolveTruncatedAtLimit: boolean;
  /** Resolve: `truncated` is always false, also on a page cut at `limit`. */
  resolveTruncatedNever: boolean;
  /** Resolve: `coverage.requested` is empty. */
  resolveRequestedEmpty: boolean;
  /** Resolve: `cursor` is not null. */
  resolveCursorSet: boolean;
  /** Resolve: a query that is an organisation number or a node id finds nothing (names only). */
  resolveByNameOnly: boolean;
  /** Resolve: the thread spins forever and never answers (only a server in a child process can be ended). */
  resolveSpins: boolean;
  /** Extensions: sub-units per organisation in a multi-id request (contract: 50). */
  batchSubunitCap: number;
  /** Extensions: `financial_history` oldest year first. */
  financialOldestFirst: boolean;
  /** Extensions: `financial_history` repeats its newest year. */
  financialDuplicateYear: boolean;
  /** Extensions: keyed by an organisation that was not requested. */
  extensionUnrequestedOrg: boolean;
  /** Extensions: `extensions_truncated` is left out when a sub-unit list was cut. */
  truncatedSubunitsOmitted: boolean;
  /** Influencer: the page is padded to this many nodes (0: no padding). */
  influencerPadTo: number;
  /** Influencer: `data` carries `edges: []`. */
  influencerDataHasEdges: boolean;
  /** Data responses: `cost.balance` is the personal balance, whatever the key (a team key's included). */
  balancePersonal: boolean;
  /** Nodes: a sub-unit's `parent_org_nr` is its own organisation number. */
  subunitParentSelf: boolean;
  /** Extensions: `group_parent` is the direct owner, not the top owner of the chain. */
  groupParentDirectOwner: boolean;
  /** Entity reads: `cost.units` counts nodes only. */
  unitsNodesOnly: boolean;
  /** Entity reads: `dataset` is ignored (`influencer` answered from the basic dataset). */
  datasetIgnored: boolean;
  /** Access: a Free key is served data. */
  freeKeyServed: boolean;
  /** Access: 403 `plan_required` lacks `required_tier`. */
  planRequiredWithoutTier: boolean;
  /** Access: 401 lacks `WWW-Authenticate`. */
  dropChallenge: boolean;
  /** Access: a revoked key is accepted. */
  acceptRevoked: boolean;
  /** Access: `/me` of a team key says `billed_to: personal`. */
  teamBilledPersonal: boolean;
  /** Credits: a team key's influencer reads are charged to the personal balance. */
  teamChargesPersonal: boolean;
  /** Credits: a key without credits is served the influencer dataset (no 402). */
  servedWithoutCredits: boolean;
  /** Credits: 402 on the plus key's influencer reads once it has spent any credit, balance or not. */
  refuseCreditsWhileCovered: boolean;
  /** Validation: an unknown `extend` name is accepted. */
  acceptUnknownExtension: boolean;
  /** Validation: `extend` names are compared in any case (`SUBUNITS` accepted). */
  foldExtendCase: boolean;
  /** Validation: `as_of` with a lower-case `t` or `z` (which RFC 3339 allows) is refused. */
  upperCaseDateTimeOnly: boolean;
  /** Validation: a name repeated in `include` or `extend` ends in a 500. */
  repeatedItemsFail: boolean;
  /** Validation: `dataset` trimmed of white space before it is compared. */
  trimDataset: boolean;
  /** Validation: a JSON-encoded query parameter that is not JSON text is taken as absent. */
  ignoreMalformedJson: boolean;
  /** Validation: a resolve query of white space only ends in a 500. */
  blankQueryFails: boolean;
  /** Validation: a resolve query holding a control or format character ends in a 500. */
  formatCharacterQueryFails: boolean;
  /** Validation: a resolve query parameter the operation does not have ends in a 500. */
  unknownParameterFails: boolean;
  /** Validation: a batch body naming a top-level key twice ends in a 500. */
  repeatedBodyKeyFails: boolean;
  /** Validation: a batch body sent without a Content-Type ends in a 500. */
  noContentTypeFails: boolean;
  /** Validation: a batch id that is an array ends in a 500. */
  arrayIdFails: boolean;
  /** Validation: ids per request instead of the account's limit, or null. */
  maxIds: number | null;
  /** Validation: longest resolve query accepted (contract: 300). */
  maxQuery: number;
  /**
   * Validation: the resolve query's length miscounted — in UTF-16 units, or every unit from U+D800 up taken
   * for the first of a surrogate pair (two characters from U+E000 up count as one) — or false.
   */
  queryLengthMiscount: QueryMiscount | false;
  /** Query strings: a raw `+` is dropped (read neither as a space nor as a `+`). */
  dropQueryPlus: boolean;
  /** Query strings: a parameter whose percent-encoding is malformed is taken as absent, not refused. */
  ignoreMalformedEscapes: boolean;
  /** Validation: resolve's default `limit` under /v1 (contract: 10). */
  resolveDefaultLimit: number;
  /** Validation: resolve's default `limit` under /api/v1 (contract: 10). */
  altResolveDefaultLimit: number;
  /** Validation: request body cap instead of the server option, or null. */
  maxBodyBytes: number | null;
  /** Limits: no calls-per-window limit. */
  rateWindowOff: boolean;
  /** Limits (load): a call is counted only after its reply, so concurrent bursts pass. */
  countCallsLate: boolean;
  /** Load: delay added to data responses, in ms. */
  dataDelayMs: number;
  /** Load: a 100-id batch answers 500 while another one is in flight. */
  concurrentBigBatch500: boolean;
  /** HTTP: every reply gzip-coded, whatever the request's `Accept-Encoding` accepted. */
  gzipRegardless: boolean;
  /** HTTP: a target without `?` read whole as the query string (`&`, `=` in a path id split it). */
  pathReadAsQuery: boolean;
}

/** The conforming behaviour: no seeded bug. */
export const NO_BUGS: Readonly<BugSettings> = Object.freeze({
  signingInMultiOrg: false,
  employeesAsString: false,
  orgUnknownField: false,
  nodeWithoutName: false,
  edgePageOverflow: 0,
  edgeCursorStepBack: 0,
  edgeCutSilently: false,
  edgeCursorRefused: false,
  edgeCursorPastEnd: false,
  multiOrgPayloadEmpty: false,
  edgesWithoutInclude: false,
  requestedExtraId: false,
  missingOmitsLast: false,
  unknownId404: false,
  resolveOverLimit: 0,
  resolveTruncatedAtLimit: false,
  resolveTruncatedNever: false,
  resolveRequestedEmpty: false,
  resolveCursorSet: false,
  resolveByNameOnly: false,
  resolveSpins: false,
  batchSubunitCap: 50,
  financialOldestFirst: false,
  financialDuplicateYear: false,
  extensionUnrequestedOrg: false,
  truncatedSubunitsOmitted: false,
  influencerPadTo: 0,
  influencerDataHasEdges: false,
  datasetIgnored: false,
  unitsNodesOnly: false,
  balancePersonal: false,
  subunitParentSelf: false,
  groupParentDirectOwner: false,
  freeKeyServed: false,
  planRequiredWithoutTier: false,
  dropChallenge: false,
  acceptRevoked: false,
  teamBilledPersonal: false,
  teamChargesPersonal: false,
  servedWithoutCredits: false,
  refuseCreditsWhileCovered: false,
  acceptUnknownExtension: false,
  foldExtendCase: false,
  upperCaseDateTimeOnly: false,
  repeatedItemsFail: false,
  trimDataset: false,
  ignoreMalformedJson: false,
  blankQueryFails: false,
  formatCharacterQueryFails: false,
  unknownParameterFails: false,
  repeatedBodyKeyFails: false,
  noContentTypeFails: false,
  arrayIdFails: false,
  maxIds: null,
  maxQuery: 300,
  queryLengthMiscount: false,
  dropQueryPlus: false,
  ignoreMalformedEscapes: false,
  resolveDefaultLimit: 10,
  altResolveDefaultLimit: 10,
  maxBodyBytes: null,
  rateWindowOff: false,
  countCallsLate: false,
  dataDelayMs: 0,
  concurrentBigBatch500: false,
  gzipRegardless: false,
  pathReadAsQuery: false,
});

/** What each seeded bug that changes the computing sets; the others bend replies (`REPLY_BENDS`). */
export const BUG_SETTINGS: { readonly [Id in MutationId]?: Partial<BugSettings> } = {
  "gzip-regardless": { gzipRegardless: true },
  "path-read-as-query": { pathReadAsQuery: true },
  "signature-in-multi-org": { signingInMultiOrg: true },
  "org-employees-string": { employeesAsString: true },
  "org-unknown-field": { orgUnknownField: true },
  "node-missing-name": { nodeWithoutName: true },
  "edges-51": { edgePageOverflow: 1 },
  "edges-cursor-overlap": { edgeCursorStepBack: 1 },
  "edges-cursor-skip": { edgeCursorStepBack: -1 },
  "edges-without-include": { edgesWithoutInclude: true },
  "edges-cut-silently": { edgeCutSilently: true },
  "edges-cursor-refused": { edgeCursorRefused: true },
  "edges-cursor-past-end": { edgeCursorPastEnd: true },
  "multi-org-payload-empty": { multiOrgPayloadEmpty: true },
  "coverage-requested-mismatch": { requestedExtraId: true },
  "coverage-missing-omitted": { missingOmitsLast: true },
  "unknown-id-404": { unknownId404: true },
  "resolve-over-limit": { resolveOverLimit: 1 },
  "resolve-truncated-at-limit": { resolveTruncatedAtLimit: true },
  "resolve-truncated-never": { resolveTruncatedNever: true },
  "resolve-requested-empty": { resolveRequestedEmpty: true },
  "resolve-cursor-set": { resolveCursorSet: true },
  "resolve-exact-id-not-found": { resolveByNameOnly: true },
  "resolve-spins-forever": { resolveSpins: true },
  "subunits-51-in-batch": { batchSubunitCap: 51 },
  "financial-oldest-first": { financialOldestFirst: true },
  "financial-duplicate-year": { financialDuplicateYear: true },
  "extension-unrequested-org": { extensionUnrequestedOrg: true },
  "extensions-truncated-missing": { truncatedSubunitsOmitted: true },
  "influencer-26-nodes": { influencerPadTo: 26 },
  "influencer-empty-page-padded": { influencerPadTo: 1 },
  "influencer-data-has-edges": { influencerDataHasEdges: true },
  "dataset-ignored": { datasetIgnored: true },
  "units-count-nodes-only": { unitsNodesOnly: true },
  "cost-balance-personal": { balancePersonal: true },
  "subunit-parent-self": { subunitParentSelf: true },
  "group-parent-direct-owner": { groupParentDirectOwner: true },
  "free-key-served": { freeKeyServed: true },
  "plan-required-without-tier": { planRequiredWithoutTier: true },
  "www-authenticate-missing": { dropChallenge: true },
  "revoked-key-accepted": { acceptRevoked: true },
  "team-billed-personal": { teamBilledPersonal: true },
  "team-charges-personal": { teamChargesPersonal: true },
  "no-credits-served": { servedWithoutCredits: true },
  "credits-refused-while-covered": { refuseCreditsWhileCovered: true },
  "unknown-extension-accepted": { acceptUnknownExtension: true },
  "extend-name-case-folded": { foldExtendCase: true },
  "as-of-lower-case-refused": { upperCaseDateTimeOnly: true },
  "repeated-items-500": { repeatedItemsFail: true },
  "dataset-value-trimmed": { trimDataset: true },
  "json-param-not-json-ignored": { ignoreMalformedJson: true },
  "blank-query-500": { blankQueryFails: true },
  "format-character-query-500": { formatCharacterQueryFails: true },
  "unknown-parameter-500": { unknownParameterFails: true },
  "repeated-body-key-500": { repeatedBodyKeyFails: true },
  "body-without-content-type-500": { noContentTypeFails: true },
  "id-array-item-500": { arrayIdFails: true },
  "ids-101-accepted": { maxIds: 101 },
  "query-301-accepted": { maxQuery: 301 },
  "query-length-in-utf16-units": { queryLengthMiscount: "utf16-units" },
  "query-length-high-bmp-pairs": { queryLengthMiscount: "high-bmp-pairs" },
  "query-plus-dropped": { dropQueryPlus: true },
  "malformed-escape-ignored": { ignoreMalformedEscapes: true },
  "alt-resolve-limit-default": { altResolveDefaultLimit: 5 },
  "resolve-default-limit-50": { resolveDefaultLimit: 50 },
  "oversize-body-accepted": { maxBodyBytes: 64 * 1024 * 1024 },
  "rate-limit-off": { rateWindowOff: true },
  "rate-limit-leaks-under-concurrency": { countCallsLate: true },
  "slow-responses": { dataDelayMs: 50 },
  "batch-100-5xx-under-concurrency": { concurrentBigBatch500: true },
};

/** The settings of a server started with these seeded bugs on (none: `NO_BUGS`); later ids win a clash. */
export function bugSettings(mutations: readonly MutationId[]): Readonly<BugSettings> {
  const own = mutations.map((id) => BUG_SETTINGS[id]).filter((s) => s !== undefined);
  return own.length > 0 ? Object.freeze(Object.assign({ ...NO_BUGS }, ...own)) : NO_BUGS;
}

/** A query's length as a server with `how` on counts it (the contract counts characters: `charLength`). */
export function miscountedLength(q: string, how: QueryMiscount): number {
  if (how === "utf16-units") return q.length;
  let n = 0;
  for (let i = 0; i < q.length; i++) {
    n++;
    if (q.charCodeAt(i) >= 0xd800) i++;
  }
  return n;
}

/** Whether a part of a query string percent-decodes (`+` read as a space). */
function decodable(part: string): boolean {
  try {
    decodeURIComponent(part.replace(/\+/g, " "));
    return true;
  } catch {
    return false;
  }
}

/** The raw query string as a server with a query-string bug on reads it; unchanged with none on. */
export function bentQuery(raw: string, bugs: Readonly<BugSettings>): string {
  if (!bugs.dropQueryPlus && !bugs.ignoreMalformedEscapes) return raw;
  let parts = raw.split("&");
  if (bugs.dropQueryPlus) parts = parts.map((part) => part.replace(/\+/g, ""));
  if (bugs.ignoreMalformedEscapes) parts = parts.filter(decodable);
  return parts.join("&");
}
