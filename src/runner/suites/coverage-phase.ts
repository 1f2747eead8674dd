/**
 * The coverage phase (generate/input-cases.ts): the deterministic requests of one operation, sent one after
 * another before the random phase, each judged by the check catalogue and by the oracle of its class
 * (input-oracles.ts). As in the first random round (schema-pipelined.ts), the next call goes out before the
 * previous exchange is judged, so judging overlaps the target's work. Cases the credit budget does not cover
 * are not sent (counted); a 402 the budget judged is no verdict on its case.
 */
import type { InputCase } from "../../generate/index.js";
import type { Exchange } from "../../transport/exchange.js";
import { judgeAndRecord } from "../judge-record.js";
import type { SuiteContext } from "../suite.js";
import { recordVerdict } from "./expect.js";
import { judgeInput, oracleOf } from "./input-oracles.js";

/** Resolves once the microtasks queued so far have run: a call just started is then on the wire. */
const afterPendingWrites = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** What a case probes, for failure text: `limit "51" (one above maximum 50)`. */
export function caseText(c: InputCase): string {
  return `${c.parameter} ${c.shown} (${c.label})`;
}

/** Judges and records one exchange of a case. */
function judgeCase(ctx: SuiteContext, c: InputCase, ex: Exchange): void {
  if (ctx.credits.isRefused(ex)) return;
  judgeAndRecord(ctx, ex);
  const verdict = oracleOf(c.class);
  if (c.expectStatus === 413 && ex.transportError?.code === "CB_RESET") {
    // A server may answer 413 early and drop the connection while the body is still being sent; the 413 is
    // then lost on the wire. Not provably a violation: noted, never failed.
    const message = `the connection was reset while the oversize body was sent (${ex.transportError.message}); 413 not observed`;
    ctx.record({ verdict, status: "warn", message, exchange: ex });
    return;
  }
  const input = {
    class: c.class,
    what: caseText(c),
    ...(c.expectStatus ? { expectStatus: c.expectStatus } : {}),
  };
  recordVerdict(ctx, verdict, ex, judgeInput(ex, input));
}

/** Sends the cases of this shard in order and judges each; throws `RunStopped` after judging what came. */
export async function runCoverage(ctx: SuiteContext, cases: readonly InputCase[]): Promise<void> {
  let unjudged: { c: InputCase; ex: Exchange } | undefined;
  try {
    for (const c of cases) {
      if (!ctx.inShard(c.name)) continue;
      if (ctx.credits.withhold(c.request)) {
        ctx.credits.withheld++;
        continue;
      }
      const sending = ctx.send(c.request);
      // Awaited below; until then a rejection must not count as unhandled.
      sending.catch(() => {});
      if (unjudged) {
        const previous = unjudged;
        unjudged = undefined;
        await afterPendingWrites();
        judgeCase(ctx, previous.c, previous.ex);
      }
      unjudged = { c, ex: await sending };
    }
  } finally {
    if (unjudged) judgeCase(ctx, unjudged.c, unjudged.ex);
  }
}
