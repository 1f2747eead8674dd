/** The help's list of scenarios (scenario-descriptions.ts) is the scenarios' own, name for name and in order. */
import { describe, expect, it } from "vitest";
import { SCENARIO_DESCRIPTIONS } from "./scenario-descriptions.js";
import { SCENARIOS } from "./scenarios.js";

describe("scenario descriptions", () => {
  it("describe every scenario, in run order, with the text its report shows", () => {
    expect(Object.entries(SCENARIO_DESCRIPTIONS)).toEqual(SCENARIOS.map((s) => [s.name, s.description]));
  });
});
