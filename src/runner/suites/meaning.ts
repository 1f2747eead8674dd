/**
 * Meaning steps of the `schema` suite: what an operation means where one exchange cannot show it, judged
 * from calls whose answers the contract relates (src/verdicts/meaning.ts; the judges are pure, in
 * meaning-judges.ts, meaning-balance.ts and meaning-links.ts). Resolving a known organisation by its exact
 * identifier finds it, a page that holds every candidate does not say it was cut, and one cut at the client's
 * `limit` says so (a warning: that reading is open); a batch of one id gives the same `data` as GET /entities/{id} for it; `cost.balance`
 * is the balance `/me` shows for the key used; a sub-unit's main unit and a group parent, fetched, are what
 * the contract says they are. Each step reads the fixtures; without the ids it needs it is skipped.
 */
import { EXTENSION_NAMES } from "../../contract/vocabulary.js";
import type { Exchange } from "../../transport/exchange.js";
import { MEANING } from "../../verdicts/meaning.js";
import type { TargetFixtures } from "../../vocabulary/target-fixtures.js";
import type { Verdict } from "../../vocabulary/verdict.js";
import { judgeAndRecord } from "../judge-record.js";
import type { SuiteContext } from "../suite.js";
import { balanceKeys, checkBalance } from "./meaning-balance.js";
import { judgeBatchNodesSameAsGet } from "./meaning-batch-nodes.js";
import {
  judgeBatchSameAsGet,
  judgeExactResolve,
  judgeResolveLimitCut,
  judgeResolveTruncated,
  RESOLVE_LIMIT,
  resolvePage,
} from "./meaning-judges.js";
import { groupParents, judgeMainUnit, judgeTopOwners, subUnitsOf } from "./meaning-links.js";
import { entityBatch, entityGet, resolve } from "./samples.js";

/** The organisation the steps read, when the fixtures hold one of the form `cb:org:<9 digits>`. */
const orgOf = (fx: TargetFixtures): string | undefined => fx.org_ids.find((id) => /^cb:org:\d{9}$/.test(id));

/** Two distinct organisation ids of the fixtures, or fewer when it has fewer. */
const twoOrgs = (fx: TargetFixtures): string[] =>
  [...new Set(fx.org_ids.filter((id) => /^cb:org:\d{9}$/.test(id)))].slice(0, 2);

/** Main units fetched per run to judge `parent_org_nr` (one call each). */
const MAIN_UNITS = 3;

/** One step: its case key (`--shard` draws it like any case), the verdicts it records, and its calls. */
interface Step {
  key: string;
  verdicts: Verdict[];
  /** Calls it sends (an upper bound where answers decide), 0 when the fixtures lack what it needs. */
  calls(fx: TargetFixtures, hasTeamKey: boolean): number;
  run(ctx: SuiteContext): Promise<void>;
}

/** Sends a request and judges its answer with the catalogue. */
async function read(ctx: SuiteContext, request: Parameters<SuiteContext["send"]>[0]): Promise<Exchange> {
  const ex = await ctx.send(request);
  judgeAndRecord(ctx, ex);
  return ex;
}

/** Resolve by the organisation number and by the node id: both always sent, so the plan is exact. */
async function resolveExact(ctx: SuiteContext, org: string): Promise<void> {
  const answers: Exchange[] = [];
  for (const query of [org.slice("cb:org:".length), org])
    answers.push(await read(ctx, resolve(query, { limit: String(RESOLVE_LIMIT) })));
  ctx.record(judgeExactResolve(org, answers));
}

/**
 * Resolve by the organisation number at limit 50; again at a limit of exactly as many candidates as that
 * found (1 to 49, not truncated: a limit that cuts nothing; otherwise 1, and the judge skips), and once more
 * at 50, which the judge reads only when the page says `truncated`, to tell a false claim from candidates
 * that came in between. Always three calls, so that the plan is exact on every target.
 */
async function resolveTruncated(ctx: SuiteContext, org: string): Promise<void> {
  const query = org.slice("cb:org:".length);
  const whole = await read(ctx, resolve(query, { limit: String(RESOLVE_LIMIT) }));
  const all = resolvePage(whole);
  const fits = all !== undefined && !all.truncated && all.count > 0 && all.count < RESOLVE_LIMIT;
  const page = await read(ctx, resolve(query, { limit: String(fits ? all.count : 1) }));
  const again = await read(ctx, resolve(query, { limit: String(RESOLVE_LIMIT) }));
  ctx.record(judgeResolveTruncated(whole, page, again));
}

/**
 * The first fixture query resolved at limit 50 and at limit 1: a cut at the client's limit when the first
 * shows two or more candidates. Always two calls, so that the plan is exact on every target.
 */
async function resolveLimitCut(ctx: SuiteContext, query: string): Promise<void> {
  const whole = await read(ctx, resolve(query, { limit: String(RESOLVE_LIMIT) }));
  const page = await read(ctx, resolve(query, { limit: "1" }));
  ctx.record(judgeResolveLimitCut(whole, page));
}

/** GET /entities/{id} of two organisations, then a batch of both (nodes only: no edges, no extensions). */
async function batchNodesSameAsGet(ctx: SuiteContext, orgs: string[]): Promise<void> {
  const gets: Exchange[] = [];
  for (const id of orgs) gets.push(await read(ctx, entityGet(id, {})));
  const batch = await read(ctx, entityBatch({ ids: orgs }));
  ctx.record(judgeBatchNodesSameAsGet(orgs, gets, batch));
}

/** GET /entities/{id} and a batch of that one id, both with every edge and extension. */
async function batchSameAsGet(ctx: SuiteContext, org: string): Promise<void> {
  const include = ["*"];
  const extend = [...EXTENSION_NAMES];
  const get = await read(
    ctx,
    entityGet(org, { include: JSON.stringify(include), extend: JSON.stringify(extend) }),
  );
  const batch = await read(ctx, entityBatch({ ids: [org], include, extend }));
  ctx.record(judgeBatchSameAsGet(org, get, batch));
}

/** The fixture sub-units, then each main unit they name (up to MAIN_UNITS), one id with its sub-units. */
async function mainUnits(ctx: SuiteContext): Promise<void> {
  const subs = await read(ctx, entityBatch({ ids: ctx.fixtures.subunit_ids.slice(0, 100) }));
  const parents = [...new Set(subUnitsOf(subs).map((s) => String(s.payload.parent_org_nr)))].slice(
    0,
    MAIN_UNITS,
  );
  if (parents.length === 0) {
    const message = "not judged: no sub-unit read names a main unit (parent_org_nr)";
    ctx.record({ verdict: MEANING.subunitParentIsMainUnit, status: "skip", message, exchange: subs });
  }
  for (const parent of parents) {
    const main = await read(ctx, entityGet(`cb:org:${parent}`, { extend: JSON.stringify(["subunits"]) }));
    ctx.record(judgeMainUnit(subs, parent, main));
  }
}

/** The fixture organisations with `group_parent`, their group parents the same, and any owner above those. */
async function topOwners(ctx: SuiteContext): Promise<void> {
  const extend = ["group_parent"];
  const orgs = await read(ctx, entityBatch({ ids: ctx.fixtures.org_ids.slice(0, 100), extend }));
  const tops = [...new Set(groupParents(orgs).values())].slice(0, 100);
  if (tops.length === 0) return ctx.record(judgeTopOwners(orgs, orgs));
  const parents = await read(ctx, entityBatch({ ids: tops.map((nr) => `cb:org:${nr}`), extend }));
  const higher = [...new Set(groupParents(parents).values())].slice(0, 100);
  const above =
    higher.length > 0
      ? await read(ctx, entityBatch({ ids: higher.map((nr) => `cb:org:${nr}`), extend }))
      : undefined;
  ctx.record(judgeTopOwners(orgs, parents, above));
}

const STEPS: Step[] = [
  {
    key: "meaning:resolve-exact",
    verdicts: [MEANING.resolveExactIdentifier],
    calls: (fx) => (orgOf(fx) ? 2 : 0),
    run: (ctx) => resolveExact(ctx, orgOf(ctx.fixtures)!),
  },
  {
    key: "meaning:resolve-truncated",
    verdicts: [MEANING.resolveTruncatedOnlyWhenCut],
    calls: (fx) => (orgOf(fx) ? 3 : 0),
    run: (ctx) => resolveTruncated(ctx, orgOf(ctx.fixtures)!),
  },
  {
    key: "meaning:resolve-limit-cut",
    verdicts: [MEANING.resolveTruncatedWhenLimitCuts],
    calls: (fx) => (fx.resolve_queries.length > 0 ? 2 : 0),
    run: (ctx) => resolveLimitCut(ctx, ctx.fixtures.resolve_queries[0]),
  },
  {
    key: "meaning:batch-same-as-get",
    verdicts: [MEANING.batchSameAsGet],
    calls: (fx) => (orgOf(fx) ? 2 : 0),
    run: (ctx) => batchSameAsGet(ctx, orgOf(ctx.fixtures)!),
  },
  {
    key: "meaning:batch-nodes-same-as-get",
    verdicts: [MEANING.batchNodesSameAsGet],
    calls: (fx) => (twoOrgs(fx).length === 2 ? 3 : 0),
    run: (ctx) => batchNodesSameAsGet(ctx, twoOrgs(ctx.fixtures)),
  },
  {
    key: "meaning:balance",
    verdicts: [MEANING.balanceMatchesMe, MEANING.usedCountsCall],
    calls: (fx, team) => (orgOf(fx) ? 3 * balanceKeys(team).length : 0),
    run: (ctx) => checkBalance(ctx, orgOf(ctx.fixtures)!),
  },
  {
    key: "meaning:main-unit",
    verdicts: [MEANING.subunitParentIsMainUnit],
    calls: (fx) => (fx.subunit_ids.length > 0 ? 1 + MAIN_UNITS : 0),
    run: mainUnits,
  },
  {
    key: "meaning:top-owner",
    verdicts: [MEANING.groupParentIsTop],
    calls: (fx) => (orgOf(fx) ? 3 : 0),
    run: topOwners,
  },
];

/** The calls the steps of this shard send (upper bounds where answers decide). */
export function meaningCalls(
  fx: TargetFixtures,
  inShard: (key: string) => boolean,
  hasTeamKey: boolean,
): number {
  return STEPS.filter((s) => inShard(s.key)).reduce((n, s) => n + s.calls(fx, hasTeamKey), 0);
}

/** Runs the meaning steps of this shard (the plan counts `meaningCalls`); a step without its ids is skipped. */
export async function judgeMeaning(ctx: SuiteContext): Promise<void> {
  for (const step of STEPS) {
    if (!ctx.inShard(step.key)) continue;
    if (step.calls(ctx.fixtures, ctx.hasTeamKey ?? false) === 0) {
      const message = "not judged: the fixtures hold no id this step reads";
      for (const verdict of step.verdicts) ctx.record({ verdict, status: "skip", message });
      continue;
    }
    await step.run(ctx);
  }
}
