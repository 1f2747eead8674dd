import { findDepthExcess } from "../bounded-json.js";
import { HARNESS_SECTION } from "../vocabulary/verdict.js";
import type { Check } from "./check.js";
import { failure } from "./support/failure.js";

/**
 * Deepest nesting judged. The contract's deepest named field sits 7 containers down (envelope, `data`,
 * `entities`, a node, its `payload`, `active_actor_bindings`, a binding); this leaves ample room above it.
 */
export const MAX_NESTING = 64;

/**
 * `response.nesting_bounded`: a JSON body nests at most MAX_NESTING containers deep. Not a contract sentence:
 * payloads that allow other fields leave the depth open, but a body far deeper than any shape the contract
 * names cannot be judged as a response of this API, so it fails (with the place) instead of passing unjudged.
 */
export const responseNestingBounded: Check = {
  id: "response.nesting_bounded",
  section: HARNESS_SECTION,
  sentence: `Not a contract sentence: the contract's deepest field is 7 containers down; a body nested more than ${MAX_NESTING} deep is not judged as a response of this API, so it fails rather than passes.`,
  level: "fail",
  appliesTo: (x) => x.response?.json !== undefined,
  run(x) {
    const excess = findDepthExcess(x.response?.json, MAX_NESTING);
    if (!excess) return [];
    return [
      failure(responseNestingBounded, {
        title: `body nests deeper than ${MAX_NESTING} levels`,
        pointer: excess.pointer,
        expected: `at most ${MAX_NESTING} levels of arrays and objects (the contract's deepest field is 7 down)`,
        received: `more than ${MAX_NESTING} levels below the root`,
      }),
    ];
  },
};
