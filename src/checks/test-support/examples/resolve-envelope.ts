/** Examples for the resolve and envelope-wide checks. */

import {
  errorExchange,
  influencerExchange,
  mutate,
  orgNr,
  resolveExchange,
  smallBatch,
} from "../exchanges.js";
import type { CheckExample } from "./example.js";

/** Examples keyed by check id. */
export const RESOLVE_ENVELOPE_EXAMPLES: Record<string, CheckExample> = {
  "resolve.cursor_null": {
    pass: resolveExchange(),
    fail: mutate(resolveExchange(), (j) => {
      j.cursor = ["page", 2];
    }),
    severity: "error",
  },
  "resolve.coverage_single_requested": {
    pass: resolveExchange(),
    fail: mutate(resolveExchange(), (j) => {
      j.coverage.requested = ["Firma", "AS"];
    }),
    severity: "error",
  },
  "resolve.missing_empty": {
    pass: resolveExchange(),
    fail: mutate(resolveExchange(), (j) => {
      j.coverage.missing = [`cb:org:${orgNr(1)}`];
    }),
    severity: "error",
  },
  "resolve.limit_respected": {
    pass: resolveExchange(10),
    fail: resolveExchange(11),
    severity: "error",
  },
  "envelope.evidence_empty": {
    pass: smallBatch(),
    fail: mutate(smallBatch(), (j) => {
      j.evidence = [{ id: 1 }];
    }),
    severity: "error",
  },
  "envelope.truncated_when_cut": {
    pass: mutate(smallBatch({ subunits: 50 }), (j) => {
      j.data.extensions_truncated = { subunits: [orgNr(0)] };
      j.truncated = true;
    }),
    fail: mutate(smallBatch({ subunits: 50 }), (j) => {
      j.data.extensions_truncated = { subunits: [orgNr(0)] };
    }),
    severity: "warning",
  },
  "cost.credits_reserved_zero": {
    pass: resolveExchange(),
    fail: mutate(resolveExchange(), (j) => {
      j.cost.credits_reserved = 5;
    }),
    severity: "error",
  },
  "cost.basic_zero_credits": {
    pass: smallBatch({ extend: [], include: [], edges: 0 }),
    fail: mutate(smallBatch({ extend: [], include: [], edges: 0 }), (j) => {
      j.cost.credits_charged = 3;
    }),
    severity: "error",
  },
  "cost.influencer_credit_per_record": {
    pass: influencerExchange(3),
    fail: mutate(influencerExchange(3), (j) => {
      j.cost.credits_charged = 0;
    }),
    severity: "warning",
  },
  "node.id_matches_type": {
    pass: resolveExchange(),
    fail: mutate(resolveExchange(), (j) => {
      j.data[0].type = "person";
    }),
    severity: "error",
  },
  "me.every_plan": {
    pass: errorExchange("me", 403, { code: "scope_missing" }),
    fail: errorExchange("me", 403, {
      code: "plan_required",
      required_tier: "plus",
      upgrade_url: "https://example.test/upgrade",
    }),
    severity: "error",
  },
};
