import type { Check } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { arrayAt, objectAt, show } from "./support/json.js";
import { entityData, okEnvelope } from "./support/response.js";

/**
 * `cost.influencer_credit_per_record`: the influencer dataset charges 1 credit per delivered record
 * (Limits rule 3). "Currently" makes this a description of today's price, so a mismatch is a warning.
 */
export const costInfluencerCreditPerRecord: Check = {
  id: "cost.influencer_credit_per_record",
  section: "Limits / Rules 3",
  sentence:
    "The `influencer` dataset requires Plus and currently costs 1 beta credit per delivered record; repeating the call can debit credits again.",
  level: "warn",
  appliesTo: (x) => entityData(x) !== undefined && requestView(x).dataset === "influencer",
  run(x) {
    const records = arrayAt(entityData(x), "entities")?.length;
    const charged = objectAt(okEnvelope(x), "cost")?.credits_charged;
    if (records === undefined || typeof charged !== "number" || charged === records) return [];
    return [
      failure(costInfluencerCreditPerRecord, {
        title: `influencer read charged ${charged} credits for ${records} delivered records`,
        pointer: "/cost/credits_charged",
        expected: `${records} (1 credit per delivered record)`,
        received: show(charged),
        severity: "warning",
      }),
    ];
  },
};
