import { findDepthExcess, MAX_CONTAINERS, MAX_NESTING, mayNestDeeperThan } from "../bounded-json.js";
import { HARNESS_SECTION } from "../vocabulary/verdict.js";
import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";

export { MAX_NESTING } from "../bounded-json.js";

/**
 * `response.structure_bounded`: a JSON body nests at most MAX_NESTING deep and opens at most MAX_CONTAINERS
 * arrays and objects (the transport leaves a body past that unparsed and counts it). Not a contract
 * sentence: payloads that allow other fields leave depth and size open, but a body far past any shape the
 * contract names is not judged as a response of this API, so it fails (with the place) instead of passing.
 */
export const responseStructureBounded: Check = {
  id: "response.structure_bounded",
  section: HARNESS_SECTION,
  sentence: `Not a contract sentence: the contract's deepest field is 7 containers down and its largest response holds about 10,000 objects; a body nested more than ${MAX_NESTING} deep or holding more than ${MAX_CONTAINERS} arrays and objects is not judged as a response of this API, so it fails rather than passes.`,
  level: "fail",
  appliesTo: (x) => x.response?.json !== undefined || x.response?.containers !== undefined,
  run(x) {
    const r = x.response;
    if (r?.containers !== undefined) return [tooMany(r.containers)];
    // The text bounds the depth: an everyday body opens too few brackets to need the walk.
    if (r?.bodyText && !mayNestDeeperThan(r.bodyText, MAX_NESTING)) return [];
    const excess = findDepthExcess(r?.json, MAX_NESTING);
    if (!excess) return [];
    return [
      failure(responseStructureBounded, {
        title: `body nests deeper than ${MAX_NESTING} levels`,
        pointer: excess.pointer,
        expected: `at most ${MAX_NESTING} levels of arrays and objects (the contract's deepest field is 7 down)`,
        received: `more than ${MAX_NESTING} levels below the root`,
      }),
    ];
  },
};

function tooMany(containers: number): CheckFailure {
  return failure(responseStructureBounded, {
    title: `body holds more than ${MAX_CONTAINERS} arrays and objects (not parsed)`,
    pointer: "",
    expected: `at most ${MAX_CONTAINERS} arrays and objects (the contract's largest response holds about 10,000)`,
    received: `more than ${containers - 1} arrays and objects`,
  });
}
