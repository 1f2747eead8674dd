import type { Check } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { arrayAt } from "./support/json.js";
import { entityData } from "./support/response.js";

/** `influencer.nodes_cap`: at most 25 nodes in `data.entities` for the influencer dataset. */
export const influencerNodesCap: Check = {
  id: "influencer.nodes_cap",
  section: "Resources and their fields / Influencer dataset node; Limits",
  sentence: "Max 25 nodes in `data.entities`; `data` has only `entities`.",
  level: "fail",
  appliesTo: (x) => entityData(x) !== undefined && requestView(x).dataset === "influencer",
  run(x) {
    const nodes = arrayAt(entityData(x), "entities");
    if (!nodes || nodes.length <= 25) return [];
    return [
      failure(influencerNodesCap, {
        title: `${nodes.length} influencer nodes in one response`,
        pointer: "/data/entities",
        expected: "at most 25 nodes",
        received: `${nodes.length} nodes`,
      }),
    ];
  },
};
