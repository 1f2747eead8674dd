/**
 * Meaning steps of the `schema` suite: what an operation means where one exchange cannot show it, judged
 * from two calls whose answers the contract relates (src/verdicts/meaning.ts; the judges are in
 * meaning-judges.ts). Resolving a known organisation by its exact identifier finds it; a batch of one id gives
 * the same `data` as GET /entities/{id} for it. Both read the first fixture organisation; without one they are
 * skipped.
 */
import { EXTENSION_NAMES } from "../../contract/vocabulary.js";
import type { Exchange } from "../../transport/exchange.js";
import { MEANING } from "../../verdicts/meaning.js";
import type { TargetFixtures } from "../../vocabulary/target-fixtures.js";
import { judgeAndRecord } from "../judge-record.js";
import type { SuiteContext } from "../suite.js";
import { judgeBatchSameAsGet, judgeExactResolve } from "./meaning-judges.js";
import { entityBatch, entityGet, resolve } from "./samples.js";

/** The organisation the steps read, when the fixtures hold one of the form `cb:org:<9 digits>`. */
const orgOf = (fx: TargetFixtures): string | undefined => fx.org_ids.find((id) => /^cb:org:\d{9}$/.test(id));

/** Case keys of the steps (`--shard` draws them like any case), each sending two calls. */
const STEP_KEYS = ["meaning:resolve-exact", "meaning:batch-same-as-get"] as const;

/** The calls the steps of this shard send: two resolves (org number, node id), the GET/batch pair. */
export function meaningCalls(fixtures: TargetFixtures, inShard: (key: string) => boolean): number {
  if (!orgOf(fixtures)) return 0;
  return STEP_KEYS.filter((key) => inShard(key)).length * 2;
}

/** Resolve by the organisation number and by the node id: both always sent, so the plan is exact. */
async function resolveExact(ctx: SuiteContext, org: string): Promise<void> {
  const answers: Exchange[] = [];
  for (const query of [org.slice("cb:org:".length), org]) {
    const ex = await ctx.send(resolve(query));
    judgeAndRecord(ctx, ex);
    answers.push(ex);
  }
  ctx.record(judgeExactResolve(org, answers));
}

/** GET /entities/{id} and a batch of that one id, both with every edge and extension. */
async function batchSameAsGet(ctx: SuiteContext, org: string): Promise<void> {
  const include = ["*"];
  const extend = [...EXTENSION_NAMES];
  const query = { include: JSON.stringify(include), extend: JSON.stringify(extend) };
  const get = await ctx.send(entityGet(org, query));
  judgeAndRecord(ctx, get);
  const batch = await ctx.send(entityBatch({ ids: [org], include, extend }));
  judgeAndRecord(ctx, batch);
  ctx.record(judgeBatchSameAsGet(org, get, batch));
}

/** Runs the meaning steps (the plan counts `meaningCalls`). */
export async function judgeMeaning(ctx: SuiteContext): Promise<void> {
  const org = orgOf(ctx.fixtures);
  if (!org) {
    const message = "no organisation id (cb:org:<9 digits>) in the fixtures";
    for (const verdict of Object.values(MEANING)) ctx.record({ verdict, status: "skip", message });
    return;
  }
  if (ctx.inShard(STEP_KEYS[0])) await resolveExact(ctx, org);
  if (ctx.inShard(STEP_KEYS[1])) await batchSameAsGet(ctx, org);
}
