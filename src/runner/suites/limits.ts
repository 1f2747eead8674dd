/**
 * Suite `limits`: the caps of the contract at full size — 100 ids accepted and 101 refused; node, edge and
 * extension caps on a full request; sub-units 50 per organisation in a batch against up to 1000 for a single
 * id, with `extensions_truncated`; and the edge pages of one node followed with `cursor` to the end.
 */
import { EXTENSION_NAMES } from "../../contract/vocabulary.js";
import { distinctIds } from "../../generate/index.js";
import { LIMITS } from "../../verdicts/limits.js";
import { CREDIT_PURPOSE } from "../credits/plan.js";
import { judgeAndRecord } from "../judge-record.js";
import type { Suite, SuiteContext } from "../suite.js";
import { sendCreditCall } from "./credit-call.js";
import { edgePagingCalls, followEdgePages } from "./edge-paging.js";
import { expectError, expectStatus, recordVerdict } from "./expect.js";
import { entityBatch, entityGet } from "./samples.js";
import { subunitCount, truncatedSubunits } from "./subunits.js";

async function idCounts(ctx: SuiteContext): Promise<void> {
  if (ctx.inShard("ids-100")) {
    const ex = await ctx.send(entityBatch({ ids: distinctIds(ctx.fixtures, 100) }));
    expectStatus(ctx, LIMITS.batch100Accepted, ex, [200]);
  }
  if (ctx.inShard("ids-101")) {
    const ex = await ctx.send(entityBatch({ ids: distinctIds(ctx.fixtures, 101) }));
    expectError(ctx, LIMITS.batch101Refused, ex, { status: 400, code: "invalid_arguments" });
  }
  if (ctx.inShard("full-request")) {
    // The largest request the contract allows: every cap of nodes, edges and extensions is judged on it.
    const ids = distinctIds(ctx.fixtures, 100);
    const ex = await ctx.send(entityBatch({ ids, include: ["*"], extend: EXTENSION_NAMES }));
    expectStatus(ctx, LIMITS.batch100Accepted, ex, [200]);
  }
}

async function subunitCaps(ctx: SuiteContext): Promise<void> {
  const main = ctx.fixtures.main_unit_with_many_subunits;
  if (!main) {
    const message = "no main_unit_with_many_subunits in the fixtures";
    ctx.record({ verdict: LIMITS.subunitsCutListed, status: "skip", message });
    return;
  }
  if (!ctx.inShard("subunits")) return;
  const orgNr = main.slice("cb:org:".length);
  const single = await ctx.send(entityGet(main, { extend: JSON.stringify(["subunits"]) }));
  judgeAndRecord(ctx, single);
  const other = ctx.fixtures.org_ids.find((id) => id !== main) ?? ctx.fixtures.missing_ids[0];
  const batch = await ctx.send(entityBatch({ ids: [main, other], extend: ["subunits"] }));
  judgeAndRecord(ctx, batch);
  const inSingle = subunitCount(single, orgNr);
  const inBatch = subunitCount(batch, orgNr);
  if (inSingle === undefined || inBatch === undefined) {
    ctx.record({
      verdict: LIMITS.subunitsCutListed,
      status: "inconclusive",
      message: "no sub-unit list came back to compare",
    });
    return;
  }
  // More sub-units on a single read than in the batch means the batch list was cut; 1000 on a single read
  // (its cap) with a main unit known to have more means that one was cut too.
  const batchCut = inSingle > inBatch;
  const problems = [];
  if (batchCut && !truncatedSubunits(batch).includes(orgNr)) {
    problems.push({
      title: `batch cut ${orgNr}'s sub-units (${inSingle} on a single read, ${inBatch} here) but did not list it`,
      pointer: "/data/extensions_truncated/subunits",
      expected: `an array containing "${orgNr}"`,
      received: JSON.stringify(truncatedSubunits(batch)),
    });
  }
  recordVerdict(ctx, LIMITS.subunitsCutListed, batch, problems);
  if (inSingle >= 1000) {
    const listed = truncatedSubunits(single).includes(orgNr);
    recordVerdict(
      ctx,
      LIMITS.subunitsCutListed,
      single,
      listed
        ? []
        : [
            {
              title: `single read returned the 1000-sub-unit cap for ${orgNr} without listing it as cut`,
              pointer: "/data/extensions_truncated/subunits",
              expected: `an array containing "${orgNr}" (the fixture main unit has more than 1,000 sub-units)`,
              received: JSON.stringify(truncatedSubunits(single)),
            },
          ],
    );
  }
}

/** Influencer reads with more ids than the 25-node cap (spends credits: only with --allow-credits). */
async function influencerCap(ctx: SuiteContext): Promise<void> {
  const ids = ctx.fixtures.influencer_ids.slice(0, 100);
  if (!ctx.options.allowCredits || ids.length <= 25) {
    const why = ctx.options.allowCredits
      ? `the fixtures hold ${ids.length} influencer ids (26 or more needed)`
      : "influencer reads cost credits: pass --allow-credits";
    ctx.record({ verdict: LIMITS.influencerCapProbed, status: "skip", message: why });
    return;
  }
  if (!ctx.inShard("influencer-cap")) return;
  const request = entityBatch({ ids, dataset: "influencer" });
  const ex = await sendCreditCall(ctx, LIMITS.influencerCapProbed, request, CREDIT_PURPOSE.influencerCap);
  // The cap itself is judged by the catalogue (influencer node cap); this row says the probe ran.
  if (ex) expectStatus(ctx, LIMITS.influencerCapProbed, ex, [200]);
}

/** The `limits` suite. */
export const limitsSuite: Suite = {
  name: "limits",
  description:
    "100/101 ids, node/edge/extension caps, sub-units 50 in a batch vs 1000 single, edge paging with cursor",
  plan: ({ fixtures, options, inShard }) => {
    // Only the cases of the shard (as run() draws them): a monitor's slices are shards.
    const influencer =
      options.allowCredits && fixtures.influencer_ids.slice(0, 100).length > 25 && inShard("influencer-cap");
    return {
      calls:
        ["ids-100", "ids-101", "full-request"].filter(inShard).length +
        (fixtures.main_unit_with_many_subunits && inShard("subunits") ? 2 : 0) +
        (influencer ? 1 : 0) +
        (inShard("edge-paging") ? edgePagingCalls(fixtures) : 0),
      reserve: 0,
      // The influencer node cap (25) bounds the records one read delivers.
      credits: influencer ? 25 : 0,
    };
  },
  async run(ctx) {
    await idCounts(ctx);
    await subunitCaps(ctx);
    await influencerCap(ctx);
    if (ctx.inShard("edge-paging")) await followEdgePages(ctx);
  },
};
