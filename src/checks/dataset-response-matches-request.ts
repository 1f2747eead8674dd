import type { Check, CheckFailure } from "./check.js";
import { requestView } from "./request-view.js";
import { failure } from "./support/failure.js";
import { arrayAt, isObject, pointer, show } from "./support/json.js";
import { entityData } from "./support/response.js";

/** Influencer node ids: `cb:identity:<network>:<username>`, username 1 to 30 of letters, digits, `.`, `_`. */
const INFLUENCER_ID = /^cb:identity:[^:]+:[A-Za-z0-9._]{1,30}$/;

/** What an influencer page holds that it must not: other `data` keys, nodes not of the influencer form. */
function influencerProblems(data: Record<string, unknown>): CheckFailure[] {
  const out: CheckFailure[] = [];
  for (const key of Object.keys(data))
    if (key !== "entities")
      out.push(
        failure(datasetResponseMatchesRequest, {
          title: `dataset influencer was asked for, but data carries \`${key}\` (a basic-dataset page)`,
          pointer: pointer("data", key),
          expected: "data with only `entities`",
          received: show(Object.keys(data)),
        }),
      );
  (arrayAt(data, "entities") ?? []).forEach((node, i) => {
    if (!isObject(node)) return;
    if (node.type === "identity" && typeof node.id === "string" && INFLUENCER_ID.test(node.id)) return;
    out.push(
      failure(datasetResponseMatchesRequest, {
        title: "dataset influencer was asked for, but a node is not an influencer identity node",
        pointer: pointer("data", "entities", i),
        expected: "type `identity`, id `cb:identity:<network>:<username>`",
        received: show({ id: node.id, type: node.type }),
      }),
    );
  });
  return out;
}

/**
 * `dataset.response_matches_request`: the page is of the dataset asked for (Endpoints / GET /entities/{id}:
 * "`basic` (default) or `influencer`"; Response 200). `influencer` gives `data` with only `entities`, all
 * influencer identity nodes; `basic`, or no `dataset`, gives `data` with `edges`. Says in words what a
 * target that ignores `dataset` breaks (`response.schema` also sees the wrong shape).
 */
export const datasetResponseMatchesRequest: Check = {
  id: "dataset.response_matches_request",
  section: "Endpoints / GET /entities/{id}; POST /entities/batch",
  sentence: "`dataset` | query | string | `basic` (default) or `influencer`",
  level: "fail",
  appliesTo: (x) => {
    const dataset = requestView(x).dataset;
    return entityData(x) !== undefined && (dataset === "basic" || dataset === "influencer");
  },
  run(x) {
    const data = entityData(x);
    if (!data) return [];
    if (requestView(x).dataset === "influencer") return influencerProblems(data).slice(0, 5);
    if (Array.isArray(data.edges)) return [];
    return [
      failure(datasetResponseMatchesRequest, {
        title:
          "the basic dataset was asked for (or no dataset), but data has no `edges` (an influencer page)",
        pointer: "/data/edges",
        expected: "an array (empty when no `include`)",
        received: show(data.edges),
      }),
    ];
  },
};
