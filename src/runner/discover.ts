/**
 * Without `--fixtures`, finds ids on the target through `/resolve` (following a few words of the names found
 * when the short queries find few orgs), and with one batch read (extended with `financial_history`) tells
 * main units from sub-units and ranks the orgs by the rules they can exercise: financial history and the most
 * relations first (edge paging needs relations beyond one page), and the main unit with the most sub-units as
 * `main_unit_with_many_subunits`. The same read's `web_identities` name the influencer ids (social-network accounts)
 * that the influencer rules need when credits are allowed. Every call is judged like any other and counted
 * against the budget.
 */
import { HarnessError } from "../errors.js";
import { wholeClassDiagnosis } from "../report/diagnosis.js";
import type { Exchange } from "../transport/exchange.js";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import { normaliseFixtures, type TargetFixtures } from "../vocabulary/target-fixtures.js";
import { judgeAndRecord } from "./judge-record.js";
import type { SuiteContext } from "./suite.js";

/**
 * What discovery needs of its caller: a way to send one planned request (keyed, paced and counted as the caller
 * sends), and what to do with each answer. `run` judges them like any other call; `compare` only reads them.
 */
export interface DiscoveryPort {
  send(request: PlannedRequest): Promise<Exchange>;
  /** Told each answer, after discovery has read it. */
  onExchange?(exchange: Exchange): void;
}

/** Discovery inside a run: sends through the suite context; failures are recorded like any call's. */
export function runDiscovery(ctx: SuiteContext): DiscoveryPort {
  return {
    send: (request) => ctx.send(request),
    onExchange: (exchange) => judgeAndRecord(ctx, exchange, { onlyFailures: true }),
  };
}

/** Short queries likely to match some names on any company graph. */
const QUERIES = ["as", "a", "e", "holding", "1", "o", "n"];
const ORG = /^cb:org:\d{9}$/;
/** Resolve calls spent following words of names found, when the short queries found too few orgs. */
const MAX_FOLLOW_UPS = 4;

/** The first word (4+ letters) of the names found that was not queried yet, or undefined. */
function followUpWord(names: readonly string[], tried: readonly string[]): string | undefined {
  const done = new Set(tried.map((t) => t.toLowerCase()));
  for (const name of names)
    for (const word of name.split(/[^\p{L}]+/u))
      if (word.length >= 4 && !done.has(word.toLowerCase())) return word;
  return undefined;
}

function candidates(json: unknown): { id: string; type: string; name?: unknown }[] {
  const data = (json as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) return [];
  return data.filter(
    (c): c is { id: string; type: string; name?: unknown } =>
      typeof c?.id === "string" && typeof c?.type === "string",
  );
}

/** Discovers fixtures; throws HarnessError `CB_FIXTURES` when no id at all can be found. */
export async function discoverFixtures(ctx: DiscoveryPort, seed: number): Promise<TargetFixtures> {
  const known = new Set<string>();
  const orgs = new Set<string>();
  const queries: string[] = [];
  const names: string[] = [];
  const pending = [...QUERIES];
  const tried = [...QUERIES];
  let followUps = 0;
  /** What /resolve answered, for the one-line diagnosis when it found nothing. */
  const statuses: Record<string, number> = {};
  for (let query = pending.shift(); query !== undefined; query = pending.shift()) {
    const ex = await ctx.send({
      operation: "resolve",
      method: "GET",
      path: "/resolve",
      query: { query, limit: "50" },
    });
    ctx.onExchange?.(ex);
    if (ex.response) statuses[ex.response.status] = (statuses[ex.response.status] ?? 0) + 1;
    const found = ex.response?.status === 200 ? candidates(ex.response.json) : [];
    if (found.length > 0) queries.push(query);
    for (const c of found) {
      known.add(c.id);
      if (c.type === "org" && ORG.test(c.id)) orgs.add(c.id);
      if (typeof c.name === "string") names.push(c.name);
    }
    if (orgs.size >= 20 && known.size >= 40) break;
    // Short queries may match only other node types, whose names often carry an org's name: follow a few of
    // their words, so that orgs (and their sub-units, relations and history) are found too.
    if (pending.length === 0 && orgs.size < 20 && followUps < MAX_FOLLOW_UPS) {
      const next = followUpWord(names, tried);
      if (next) {
        followUps++;
        pending.push(next);
        tried.push(next);
      }
    }
  }
  if (known.size === 0) {
    const diagnosis = wholeClassDiagnosis(statuses, "/resolve");
    const found = "no node id found through /resolve; pass --fixtures FILE";
    throw new HarnessError("CB_FIXTURES", diagnosis ? `${diagnosis} (${found})` : found);
  }
  const first = await surveyOrgs(ctx, [...orgs].slice(0, 50));
  // Main units of the sub-units found (`parent_org_nr`): one more read finds the ones with many sub-units.
  const seenIds = new Set(first.map((o) => o.id));
  const parents = [...new Set(first.flatMap((o) => (o.parent && !seenIds.has(o.parent) ? [o.parent] : [])))];
  const survey = [...first, ...(await surveyOrgs(ctx, parents.slice(0, 50)))];
  for (const o of survey) {
    known.add(o.id);
    orgs.add(o.id);
  }
  const subunits = survey.filter((o) => o.subunit).map((o) => o.id);
  const mains = survey.filter((o) => !o.subunit).sort((a, b) => richness(b) - richness(a));
  const surveyed = new Set(survey.map((o) => o.id));
  const many = [...mains].sort((a, b) => b.subunits - a.subunits)[0];
  // Identity nodes in the influencer form, and the accounts the orgs' web identities name.
  const influencers = new Set([...known].filter((id) => INFLUENCER_ID.test(id)));
  for (const o of survey) for (const id of o.influencers) influencers.add(id);
  return normaliseFixtures({
    known_ids: [...known],
    org_ids: [...mains.map((o) => o.id), ...[...orgs].filter((id) => !surveyed.has(id))],
    subunit_ids: subunits,
    ...(many && many.subunits > 0 ? { main_unit_with_many_subunits: many.id } : {}),
    missing_ids: ["cb:org:000000000", `cb:person:cbcheck-missing-${seed}`],
    resolve_queries: queries,
    influencer_ids: [...influencers],
  });
}

/** What one batch read tells of an org. */
interface OrgSurvey {
  id: string;
  subunit: boolean;
  /** `active_predicates.HAS_SUBUNIT`. */
  subunits: number;
  /** Sum of `active_predicates`. */
  relations: number;
  financialHistory: boolean;
  /** A sub-unit's main unit (`parent_org_nr`, Payloads / org), as a node id. */
  parent?: string;
  /** Influencer ids its social-network web identities name (see `influencerCandidates`). */
  influencers: string[];
}

/** An influencer id: `cb:identity:<network>:<username>` (Influencer dataset node). */
const INFLUENCER_ID = /^cb:identity:[a-z0-9_-]+:[A-Za-z0-9._]{1,30}$/;

/**
 * Influencer ids named by an org's `web_identities`: a social-network account (`identity_type` other than a
 * website) whose `normalized_identifier` is a valid username is `cb:identity:<identity_type>:<identifier>`
 * (Influencer dataset node: "`<network>` is the fixed name of one social network"). Candidates only: they
 * cost nothing to find, and an influencer read of one that is not in the dataset is `coverage.missing`.
 */
function influencerCandidates(rows: unknown): string[] {
  if (!Array.isArray(rows)) return [];
  return rows.filter(isObj).flatMap((row) => {
    const network = typeof row.identity_type === "string" ? row.identity_type.toLowerCase() : "";
    const id = `cb:identity:${network}:${String(row.normalized_identifier)}`;
    return network !== "website" && INFLUENCER_ID.test(id) ? [id] : [];
  });
}

/** How many rules an org can exercise, roughly: financial history first, then the number of relations. */
const richness = (o: OrgSurvey): number => (o.financialHistory ? 1e9 : 0) + o.relations;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const count = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** One batch read of up to 50 orgs: sub-unit or main unit, sub-units, relations, financial history. */
async function surveyOrgs(ctx: DiscoveryPort, ids: string[]): Promise<OrgSurvey[]> {
  if (ids.length === 0) return [];
  const ex = await ctx.send({
    operation: "entity-batch",
    method: "POST",
    path: "/entities/batch",
    body: { json: { ids, extend: ["financial_history", "web_identities"] } },
  });
  ctx.onExchange?.(ex);
  const data = (ex.response?.json as { data?: unknown } | undefined)?.data;
  if (!isObj(data) || !Array.isArray(data.entities)) return [];
  const history = isObj(data.extensions) ? data.extensions.financial_history : undefined;
  const web = isObj(data.extensions) ? data.extensions.web_identities : undefined;
  return data.entities.filter(isObj).flatMap((n) => {
    if (typeof n.id !== "string") return [];
    const active = isObj(n.active_predicates) ? n.active_predicates : {};
    const rows = isObj(history) ? history[n.id.slice("cb:org:".length)] : undefined;
    const parentNr = isObj(n.payload) ? n.payload.parent_org_nr : undefined;
    const parent =
      typeof parentNr === "string" && /^\d{9}$/.test(parentNr) ? `cb:org:${parentNr}` : undefined;
    return [
      {
        ...(parent ? { parent } : {}),
        id: n.id,
        subunit: isObj(n.payload) && n.payload.entity_type === "underenhet",
        subunits: count(active.HAS_SUBUNIT),
        relations: Object.values(active).reduce<number>((sum, v) => sum + count(v), 0),
        financialHistory: Array.isArray(rows) && rows.length > 0,
        influencers: influencerCandidates(isObj(web) ? web[n.id.slice("cb:org:".length)] : undefined),
      },
    ];
  });
}
