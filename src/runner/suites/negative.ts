/**
 * Suite `negative`: the invalid requests of the coverage phase (generate/input-cases.ts) — each breaks
 * exactly one rule the contract states (one past a bound, a wrong type, a near-miss of an enum member, a
 * format violation, malformed JSON in a JSON-encoded parameter, a required parameter left out, a body that is
 * not a JSON object, a path that cannot be decoded, a body far above any sensible size) and must be answered
 * 400 `invalid_arguments` (413 for the oversize body) with a conforming error body (`input.invalid_rejected`).
 */
import { type InputCase, inputCases } from "../../generate/index.js";
import type { Suite, SuiteOptions } from "../suite.js";
import { runCoverage } from "./coverage-phase.js";

/** The operations with a request schema. */
const OPERATIONS = ["resolve", "entity-get", "entity-batch"] as const;

/** The invalid cases of every operation (no pairwise: pairs are of valid values). */
function negativeCases(
  fixtures: Parameters<typeof inputCases>[1],
  options: Pick<SuiteOptions, "allowCredits" | "maxPairwise">,
): InputCase[] {
  // The schema suite's options, so that both read the same (cached) case lists.
  const opts = { allowCredits: options.allowCredits, maxPairwise: options.maxPairwise };
  return OPERATIONS.flatMap((op) => inputCases(op, fixtures, opts).filter((c) => c.class === "invalid"));
}

/** The `negative` suite. */
export const negativeSuite: Suite = {
  name: "negative",
  description:
    "requests that break one stated rule each (a bound, a type, an enum, a format, JSON, a required part): 400 invalid_arguments (413 oversize)",
  plan: ({ fixtures, options, inShard }) => ({
    calls: negativeCases(fixtures, options).filter((c) => inShard(c.name)).length,
    reserve: 0,
    credits: 0,
  }),
  async run(ctx) {
    const cases = negativeCases(ctx.fixtures, ctx.options);
    ctx.progress(`${cases.length} invalid requests`);
    await runCoverage(ctx, cases);
  },
};
