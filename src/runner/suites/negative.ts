/**
 * Suite `negative`: every contract bound probed at the bound (must be accepted, 200) and just past it
 * (400 `invalid_arguments`, or 413 for an oversize body, with a conforming error body). The cases are the
 * named mutations of `negativeCases`; each is its own verdict and report row (`negativeVerdict`).
 */
import { type NegativeCase, negativeCases } from "../../generate/index.js";
import { negativeVerdict } from "../../verdicts/negative.js";
import type { Suite, SuiteContext } from "../suite.js";
import { expectError, expectStatus } from "./expect.js";

async function runCase(ctx: SuiteContext, c: NegativeCase): Promise<void> {
  const ex = await ctx.send(c.request);
  const verdict = negativeVerdict(c);
  if (c.expect.status === 200) {
    expectStatus(ctx, verdict, ex, [200]);
    return;
  }
  if (c.expect.status === 413 && ex.transportError?.code === "CB_RESET") {
    // A server may answer 413 early and drop the connection while the body is still being sent; the
    // 413 is then lost on the wire. Not provably a violation: noted, never failed.
    const message = `the connection was reset while the oversize body was sent (${ex.transportError.message}); 413 not observed`;
    ctx.record({ verdict, status: "warn", message, exchange: ex });
    return;
  }
  const code = "code" in c.expect ? c.expect.code : undefined;
  expectError(ctx, verdict, ex, { status: c.expect.status, ...(code ? { code } : {}) });
}

/** The `negative` suite. */
export const negativeSuite: Suite = {
  name: "negative",
  description:
    "requests at and just past every bound: at the bound 200, past it 400 invalid_arguments (413 oversize)",
  plan: ({ fixtures, inShard }) => ({
    calls: negativeCases(fixtures).filter((c) => inShard(c.name)).length,
    reserve: 0,
    credits: 0,
  }),
  async run(ctx) {
    const cases = negativeCases(ctx.fixtures).filter((c) => ctx.inShard(c.name));
    let done = 0;
    for (const c of cases) {
      await runCase(ctx, c);
      if (++done % 20 === 0) ctx.progress(`${done}/${cases.length} bound cases`);
    }
  },
};
