import type { Check } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { arrayAt, isObject, show } from "./support/json.js";
import { entityData } from "./support/response.js";

/** The `<network>` of an influencer node id `cb:identity:<network>:<username>`, else undefined. */
function networkOf(id: unknown): string | undefined {
  return typeof id === "string" ? /^cb:identity:([^:]+):[^:]+$/.exec(id)?.[1] : undefined;
}

/**
 * `influencer.one_network`: every influencer node of one response names the same `<network>` — "the fixed
 * name of one social network", so two names in one answer cannot both be it. Ids of another form are the
 * schema's to judge.
 */
export const influencerOneNetwork: Check = {
  id: "influencer.one_network",
  section: "Resources and their fields / Influencer dataset node",
  sentence:
    "`id` has the form `cb:identity:<network>:<username>` where `<network>` is the fixed name of one social network",
  level: "fail",
  appliesTo: (x) => entityData(x) !== undefined && requestView(x).dataset === "influencer",
  run(x) {
    const nodes = (arrayAt(entityData(x), "entities") ?? []).filter(isObject);
    const networks = [...new Set(nodes.map((n) => networkOf(n.id)).filter((n) => n !== undefined))];
    if (networks.length <= 1) return [];
    const other = nodes.findIndex((n) => networkOf(n.id) === networks[1]);
    return [
      failure(influencerOneNetwork, {
        title: `influencer node ids name ${networks.length} networks in one response`,
        pointer: `/data/entities/${other}/id`,
        expected: `the one network of the first node, ${show(networks[0])}`,
        received: show(nodes[other]?.id),
      }),
    ];
  },
};
