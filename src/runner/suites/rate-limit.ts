/**
 * Suite `rate-limit` (Limits: "Calls per minute | 120"; Errors: 429 `volume_limit` with `Retry-After`
 * seconds, "Wait at least Retry-After seconds, then continue"). Loopback targets or `--allow-load` only:
 * it sends calls one after another until the expected limit is passed, judges the 429, waits its
 * `Retry-After`, and checks that calls succeed again.
 */
import { parseRetryAfterSeconds } from "../../client/pacing.js";
import type { Exchange } from "../../transport/exchange.js";
import { RATE } from "../../verdicts/rate.js";
import { judgeAndRecord } from "../judge-record.js";
import type { Suite, SuiteContext } from "../suite.js";
import { expectError, recordVerdict } from "./expect.js";
import { resolve } from "./samples.js";

/** Longest Retry-After the suite waits out; longer ones leave recovery unproven. */
const MAX_WAIT_S = 120;

async function burst(
  ctx: SuiteContext,
  max: number,
): Promise<{ hit?: Exchange; calls: number; seconds: number }> {
  const request = resolve(ctx.fixtures.resolve_queries[0] ?? "a");
  const started = ctx.clock.now();
  const seconds = () => (ctx.clock.now() - started) / 1000;
  for (let calls = 1; calls <= max; calls++) {
    const ex = await ctx.send(request, { expect429: true });
    if (ex.response?.status === 429) return { hit: ex, calls, seconds: seconds() };
    if (ex.response?.status !== 200) judgeAndRecord(ctx, ex, { onlyFailures: true });
  }
  return { calls: max, seconds: seconds() };
}

/** The `rate-limit` suite. */
export const rateLimitSuite: Suite = {
  name: "rate-limit",
  description:
    "past the expected limit: 429 volume_limit with a whole-seconds Retry-After; calls succeed after it",
  // At most the burst past the limit and the one call after the wait; usually far fewer.
  plan: ({ options }) => ({
    calls: options.allowLoad ? 2 * options.expectRateLimit.calls + 2 : 0,
    reserve: 0,
    credits: 0,
  }),
  async run(ctx) {
    const { calls: limit, seconds: window } = ctx.options.expectRateLimit;
    if (!ctx.options.allowLoad) {
      ctx.record({
        verdict: RATE.limitEnforced,
        status: "skip",
        message: "not a loopback target: pass --allow-load to exceed its rate limit",
      });
      return;
    }
    if (!ctx.inShard("rate-limit")) return;
    // Any window counting (sliding or fixed) must refuse one of 2 × limit + 1 calls sent within one window.
    ctx.progress(`sending up to ${2 * limit + 1} calls to pass ${limit} per ${window} s`);
    const { hit, calls, seconds } = await burst(ctx, 2 * limit + 1);
    if (!hit) {
      const within = seconds < window;
      ctx.record({
        verdict: RATE.limitEnforced,
        status: within ? "fail" : "inconclusive",
        message: `${calls} calls in ${seconds.toFixed(1)} s gave no 429 (expected limit ${limit}/${window} s)`,
        failures: within
          ? [
              {
                checkId: RATE.limitEnforced.id,
                severity: "error",
                title: `no 429 after ${calls} calls in ${seconds.toFixed(1)} s`,
                expected: `429 after at most ${2 * limit} calls within ${window} s`,
                received: "every call served",
              },
            ]
          : [],
      });
      return;
    }
    recordVerdict(ctx, RATE.limitEnforced, hit, []);
    expectError(ctx, RATE.volumeLimit429, hit, {
      status: 429,
      code: "volume_limit",
      headers: ["retry-after"],
    });
    const header = hit.response?.headers["retry-after"];
    const retryAfter = parseRetryAfterSeconds(header);
    const valid = retryAfter !== undefined && retryAfter >= 1;
    recordVerdict(
      ctx,
      RATE.retryAfterWholeSeconds,
      hit,
      valid
        ? []
        : [
            {
              title: `Retry-After is ${header === undefined ? "missing" : JSON.stringify(header)}`,
              pointer: "/headers/retry-after",
              expected: "whole seconds >= 1",
              received: header ?? "absent",
            },
          ],
    );
    const waitS = valid ? retryAfter : Math.ceil(window);
    if (waitS > MAX_WAIT_S) {
      ctx.record({
        verdict: RATE.recoversAfterRetryAfter,
        status: "inconclusive",
        message: `Retry-After ${waitS} s is longer than this suite waits (${MAX_WAIT_S} s)`,
      });
      return;
    }
    ctx.progress(`waiting ${waitS} s (Retry-After)`);
    await ctx.clock.sleep(waitS * 1000 + 50, ctx.signal);
    const after = await ctx.send(resolve(ctx.fixtures.resolve_queries[0] ?? "a"), { expect429: true });
    judgeAndRecord(ctx, after);
    const status = after.response?.status;
    recordVerdict(
      ctx,
      RATE.recoversAfterRetryAfter,
      after,
      status === 200
        ? []
        : [
            {
              title: `status ${status ?? after.transportError?.code} after waiting ${waitS} s`,
              expected: "200",
              received: String(status ?? after.transportError?.code),
            },
          ],
    );
  },
};
