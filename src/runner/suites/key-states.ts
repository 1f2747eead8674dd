/**
 * The key states a run may be given beside the main key (part of suite `auth`): a revoked key is refused
 * with 401 and the challenge and never served (Authentication 3); a team key's `/me` says `billed_to: team`
 * and its credit calls draw on the team balance, not the personal `credits` (Authentication 5), and the credit
 * read's `cost.balance` is that balance before or after its charge (`cost.balance_matches_me`); a key without
 * credits gets 402 on the influencer dataset (Errors 402). A key not given: its checks are skipped, naming
 * the flag that enables them.
 */
import type { Problem } from "../../checks/check.js";
import { chargedIn } from "../../checks/support/response-facts.js";
import type { Exchange } from "../../transport/exchange.js";
import { CREDITS } from "../../verdicts/credits.js";
import type { Verdict } from "../../vocabulary/verdict.js";
import { CREDIT_PURPOSE } from "../credits/plan.js";
import type { SuiteContext } from "../suite.js";
import { sendCreditCall } from "./credit-call.js";
import { expectError, expectStatus, recordVerdict } from "./expect.js";
import { judgeBalance } from "./meaning-balance.js";
import { accountSamples, dataSamples, entityBatch } from "./samples.js";

const ME = accountSamples()[0];

function skip(ctx: SuiteContext, verdicts: Verdict[], message: string): void {
  for (const verdict of verdicts) ctx.record({ verdict, status: "skip", message });
}

/** Revoked key: 401 `authentication_required` or `invalid_token` with `WWW-Authenticate`, on data and /me. */
export async function revokedKey(ctx: SuiteContext): Promise<void> {
  if (!ctx.hasRevokedKey) {
    skip(ctx, [CREDITS.revokedKeyRefused], "no revoked key given: pass --revoked-api-key-env");
    return;
  }
  for (const request of [...dataSamples(ctx.fixtures), ME]) {
    if (!ctx.inShard(`revoked:${request.operation}`)) continue;
    const ex = await ctx.send({ ...request, key: "revoked" });
    expectError(ctx, CREDITS.revokedKeyRefused, ex, {
      status: 401,
      code: ["authentication_required", "invalid_token"],
      headers: ["www-authenticate"],
    });
  }
}

function credential(ex: Exchange): { billedTo?: unknown; team?: unknown; personal?: unknown } {
  const json = ex.response?.json as
    | { credits?: unknown; credential?: { billed_to?: unknown; credits?: unknown } }
    | undefined;
  return { billedTo: json?.credential?.billed_to, team: json?.credential?.credits, personal: json?.credits };
}

/** Team key: `/me` `billed_to: team`; an influencer read lowers the team balance, not the personal one. */
export async function teamKey(ctx: SuiteContext): Promise<void> {
  if (!ctx.hasTeamKey) {
    const message = "no team key given: pass --team-api-key-env";
    skip(ctx, [CREDITS.teamBilledToTeam, CREDITS.teamCreditSplit], message);
    return;
  }
  if (!ctx.inShard("team-key")) return;
  const before = await ctx.send({ ...ME, key: "team" });
  if (!expectStatus(ctx, CREDITS.teamBilledToTeam, before, [200])) return;
  const b = credential(before);
  recordVerdict(ctx, CREDITS.teamBilledToTeam, before, [
    ...(b.billedTo === "team"
      ? []
      : [
          {
            title: "a team key's credential is not billed to the team",
            pointer: "/credential/billed_to",
            expected: '"team"',
            received: JSON.stringify(b.billedTo),
          },
        ]),
  ]);
  const id = ctx.fixtures.influencer_ids[0];
  if (!ctx.options.allowCredits || id === undefined) {
    const why =
      id === undefined ? "no influencer_ids in the fixtures" : "it spends a credit: pass --allow-credits";
    skip(ctx, [CREDITS.teamCreditSplit], `team credit split not tried: ${why}`);
    return;
  }
  const read = entityBatch({ ids: [id], dataset: "influencer" });
  const ex = await sendCreditCall(
    ctx,
    CREDITS.teamCreditSplit,
    { ...read, key: "team" },
    CREDIT_PURPOSE.teamSplit,
  );
  if (!ex || !expectStatus(ctx, CREDITS.teamCreditSplit, ex, [200])) return;
  const after = await ctx.send({ ...ME, key: "team" });
  if (!expectStatus(ctx, CREDITS.teamCreditSplit, after, [200])) return;
  recordVerdict(ctx, CREDITS.teamCreditSplit, after, splitProblems(b, credential(after), chargedIn(ex) ?? 0));
  // The same readings judge the read's `cost.balance` (no call more): a read that charges is where a balance
  // reported before, after or beside its charge shows (the schema suite's reading is a basic read at 0 credits).
  ctx.record(judgeBalance({ key: "team", before, call: ex, after }));
}

function splitProblems(
  before: ReturnType<typeof credential>,
  after: ReturnType<typeof credential>,
  charged: number,
): Problem[] {
  const numbers = [before.personal, before.team, after.personal, after.team];
  if (!numbers.every((n) => typeof n === "number")) {
    return [
      {
        title: "/me lacks a balance",
        expected: "numbers at /credits and /credential/credits",
        received: JSON.stringify(numbers),
      },
    ];
  }
  const [p0, t0, p1, t1] = numbers as number[];
  const problems: Problem[] = [];
  // Others on the team may spend at the same time: the team balance may fall by more, never by less.
  if (charged > 0 && t1 > t0 - charged) {
    problems.push({
      title: "the team key's charge did not come off the team balance",
      pointer: "/credential/credits",
      expected: `at most ${t0 - charged} (${t0} before, ${charged} charged)`,
      received: String(t1),
    });
  }
  if (charged > 0 && p1 !== p0) {
    problems.push({
      title: "the team key's charge changed the personal balance",
      pointer: "/credits",
      expected: `${p0} (unchanged: top-level credits is the personal balance)`,
      received: String(p1),
    });
  }
  return problems;
}

/** Whether a 200 answer lists `id` in `coverage.missing` (nothing delivered). */
function isMissing(ex: Exchange, id: string): boolean {
  if (ex.response?.status !== 200) return false;
  const missing = (ex.response.json as { coverage?: { missing?: unknown } } | undefined)?.coverage?.missing;
  return Array.isArray(missing) && missing.includes(id);
}

/** Key without credits: 402 (`credits_exhausted`) on the influencer dataset. */
export async function noCreditsKey(ctx: SuiteContext): Promise<void> {
  const id = ctx.fixtures.influencer_ids[0];
  if (!ctx.hasNoCreditsKey || id === undefined) {
    const why =
      id === undefined
        ? "no influencer_ids in the fixtures"
        : "no key without credits given: pass --no-credits-api-key-env";
    skip(ctx, [CREDITS.noCreditsKeyRefused], why);
    return;
  }
  if (!ctx.inShard("no-credits-key")) return;
  const ex = await ctx.send({ ...entityBatch({ ids: [id], dataset: "influencer" }), key: "no-credits" });
  if (isMissing(ex, id)) {
    // A discovered id may not be in the influencer dataset: nothing delivered costs nothing, so a 200 is right.
    ctx.record({
      verdict: CREDITS.noCreditsKeyRefused,
      operation: ex.operation,
      status: "inconclusive",
      exchange: ex,
      message: `${id} is not in the influencer dataset (coverage.missing): no record to refuse; pass --fixtures with influencer_ids`,
    });
    return;
  }
  // Any code on the 402 passes here: another than `credits_exhausted` is the catalogue's warning.
  expectError(ctx, CREDITS.noCreditsKeyRefused, ex, { status: 402 });
}
