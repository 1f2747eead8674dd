/**
 * Suite `alt-base-url` (Versioning: "The same API is also served at {alt_base_url} for existing clients"):
 * the same generated requests sent to the base URL and the alternate one give the same status and the
 * same body, except the pointers in `--alt-ignore` (default `request_id`, `as_of`, `cost.balance`); a few
 * refusals (401, 400, 404, 405) give the same status, error code and named headers (`alt-errors.ts`).
 */

import fc from "fast-check";
import { inputCases, validRequests } from "../../generate/index.js";
import { Lru } from "../../lru.js";
import { diffBodies, formatDiff } from "../../report/json-diff.js";
import type { Exchange } from "../../transport/exchange.js";
import { ALT } from "../../verdicts/access.js";
import { influencerRecords } from "../influencer-records.js";
import { judgeAndRecord } from "../judge-record.js";
import type { Suite, SuiteContext, SuiteOptions } from "../suite.js";
import { compareErrorPaths } from "./alt-errors.js";
import { recordVerdict } from "./expect.js";

/** Refusals `compareErrorPaths` sends to each base (at most; a shard draws some). */
const ERROR_PATHS = 5;

/** Operations compared body by body; `/me` and `/capabilities` carry live counters, so only their status. */
const COMPARED = ["resolve", "entity-get", "entity-batch"] as const;
const STATUS_ONLY = ["me", "capabilities"] as const;

/**
 * `sampled`'s answers by fixtures and options, newest last: planning asks for many `runs` (the search for the
 * largest run that fits a budget), and a monitor plans again every cycle with the same ones — generating them
 * anew was most of a monitor cycle's CPU. The sample is a pure function of its key (seeded).
 */
const SAMPLED = new Lru<string, ReturnType<typeof sampleRequests>>(32);

/**
 * The requests of the suite, per operation: where bodies are compared, the operation's first parameter example
 * and half the property runs; else one. Both `plan` and `run` read it, so the plan counts what is sent.
 */
function sampled(fixtures: SuiteContext["fixtures"], options: SuiteOptions) {
  const { seed, runs, allowCredits, maxPairwise } = options;
  const key = JSON.stringify([seed, runs, allowCredits, maxPairwise, fixtures]);
  // A copy: what a caller does to a request must not reach the next cycle's.
  return structuredClone(SAMPLED.get(key, () => sampleRequests(fixtures, options)));
}

/** Generates `sampled`'s requests (fast-check, seeded). */
function sampleRequests(fixtures: SuiteContext["fixtures"], options: SuiteOptions) {
  const runs = Math.max(1, Math.ceil(options.runs / 2));
  const ops = [
    ...COMPARED.map((op) => [op, true] as const),
    ...STATUS_ONLY.map((op) => [op, false] as const),
  ];
  return ops.map(([op, bodies], i) => {
    const arb = validRequests(op, fixtures, { allowCredits: options.allowCredits });
    // The plainest request of the operation first (for resolve: a known query, default limit), then random ones.
    const plain =
      op === "me" || op === "capabilities"
        ? undefined
        : inputCases(op, fixtures, {
            allowCredits: options.allowCredits,
            maxPairwise: options.maxPairwise,
          }).find((c) => c.class === "valid");
    const requests = [
      ...(plain ? [plain.request] : []),
      ...fc.sample(arb, { seed: options.seed + 104_729 * (i + 1), numRuns: bodies ? runs : 1 }),
    ];
    return { op, bodies, requests };
  });
}

function compare(ctx: SuiteContext, main: Exchange, alt: Exchange, bodies: boolean): void {
  const a = main.response;
  const b = alt.response;
  if (!a || !b) return;
  if (a.status !== b.status) {
    recordVerdict(ctx, ALT.sameResponse, alt, [
      {
        title: `status ${a.status} on the base URL, ${b.status} on the alternate`,
        expected: String(a.status),
        received: String(b.status),
      },
    ]);
    return;
  }
  if (!bodies) {
    recordVerdict(ctx, ALT.sameResponse, alt, []);
    return;
  }
  const diff = diffBodies(a, b, ctx.options.altIgnore);
  recordVerdict(
    ctx,
    ALT.sameResponse,
    alt,
    diff.length === 0
      ? []
      : [
          {
            title: `bodies differ at ${diff.length} place(s), first ${diff[0].pointer || "(root)"}`,
            pointer: diff[0].pointer,
            expected: "the same body as on the base URL",
            received: formatDiff(diff.slice(0, 8)),
          },
        ],
  );
}

/** The `alt-base-url` suite. */
export const altBaseUrlSuite: Suite = {
  name: "alt-base-url",
  description:
    "the same requests on --base-url and --alt-base-url give the same status and body (except ignored pointers), the same refusals",
  plan: (input) => {
    if (!input.hasAltBaseUrl) return { calls: 0, reserve: 0, credits: 0 };
    let calls = 0;
    let credits = 0;
    for (const { op, requests } of sampled(input.fixtures, input.options)) {
      for (const [i, request] of requests.entries()) {
        if (!input.inShard(`${op}:${i}`)) continue;
        // Each request goes to both bases, and both charge.
        calls += 2;
        credits += 2 * influencerRecords(request);
      }
    }
    // The refusals compared on both bases (alt-errors.ts): five requests, each sent to both.
    calls += 2 * ERROR_PATHS;
    return { calls, reserve: 0, credits };
  },
  async run(ctx) {
    if (!ctx.target.altBaseUrl) {
      for (const verdict of [ALT.sameResponse, ALT.sameErrorResponse])
        ctx.record({ verdict, status: "skip", message: "no --alt-base-url given" });
      return;
    }
    for (const { op, bodies, requests } of sampled(ctx.fixtures, ctx.options)) {
      for (const [i, request] of requests.entries()) {
        if (!ctx.inShard(`${op}:${i}`)) continue;
        if (ctx.credits.withhold(request, undefined, { times: 2 })) {
          ctx.credits.withheld++;
          continue;
        }
        const main = await ctx.send(request);
        if (ctx.credits.isRefused(main)) continue;
        const alt = await ctx.send({ ...request, base: "alt" });
        if (ctx.credits.isRefused(alt)) continue;
        judgeAndRecord(ctx, main);
        judgeAndRecord(ctx, alt);
        compare(ctx, main, alt, bodies);
      }
    }
    await compareErrorPaths(ctx);
  },
};
