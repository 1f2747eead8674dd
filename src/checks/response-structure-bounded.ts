import {
  findDepthExcess,
  MAX_CONTAINERS,
  MAX_MEMBERS,
  MAX_NESTING,
  mayNestDeeperThan,
} from "../bounded-json.js";
import { HARNESS_SECTION } from "../vocabulary/verdict.js";
import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";

export { MAX_NESTING } from "../bounded-json.js";

/**
 * `response.structure_bounded`: a JSON body nests at most MAX_NESTING deep, opens at most MAX_CONTAINERS
 * arrays and objects and holds at most MAX_MEMBERS object members (the transport leaves a body past either
 * count unparsed and counts it). Not a contract
 * sentence: payloads that allow other fields leave depth and size open, but a body far past any shape the
 * contract names is not judged as a response of this API, so it fails (with the place) instead of passing.
 */
export const responseStructureBounded: Check = {
  id: "response.structure_bounded",
  section: HARNESS_SECTION,
  sentence: `Not a contract sentence: the contract's deepest field is 7 containers down and its largest response holds about 10,000 objects and 150,000 object members; a body nested more than ${MAX_NESTING} deep, holding more than ${MAX_CONTAINERS} arrays and objects or more than ${MAX_MEMBERS} object members is not judged as a response of this API, so it fails rather than passes.`,
  level: "fail",
  appliesTo: (x) => x.response?.json !== undefined || x.response?.containers !== undefined,
  run(x) {
    const r = x.response;
    if (r?.containers !== undefined) return [tooMany(r.containers, r.members ?? 0)];
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

function tooMany(containers: number, members: number): CheckFailure {
  if (containers <= MAX_CONTAINERS)
    return failure(responseStructureBounded, {
      title: `body holds more than ${MAX_MEMBERS} object members (not parsed)`,
      pointer: "",
      expected: `at most ${MAX_MEMBERS} object members (the contract's largest response holds about 150,000)`,
      received: `more than ${members - 1} object members`,
    });
  return failure(responseStructureBounded, {
    title: `body holds more than ${MAX_CONTAINERS} arrays and objects (not parsed)`,
    pointer: "",
    expected: `at most ${MAX_CONTAINERS} arrays and objects (the contract's largest response holds about 10,000)`,
    received: `more than ${containers - 1} arrays and objects`,
  });
}
