import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateTypes, TYPES_FILE } from "../../scripts/gen-types.js";
import { validFixtures } from "./test-support/schema-fixtures.js";
import type { EntitiesResponse, Node, OrgPayload } from "./types.gen.js";

/** Type-level use: `type` narrows a Node to its payload (a tsc error here means the types regressed). */
function employeesOf(node: Node): number | null | undefined {
  if (node.type !== "org") return undefined;
  const payload: OrgPayload = node.payload;
  return payload.employees;
}

describe("types.gen.ts", () => {
  it("is what `npm run gen:types` generates from the current schemas (run it after changing a schema)", async () => {
    const committed = readFileSync(TYPES_FILE, "utf8");
    expect(await generateTypes()).toBe(committed);
  });

  it("describe the fixtures they were generated with (the discriminated Node union narrows by type)", () => {
    const response = validFixtures("entities-response").find((f) => f.file.endsWith("/every-node-type.json"))!
      .value as EntitiesResponse;
    expect(response.data.entities.map(employeesOf).filter((e) => e !== undefined)).toEqual([12]);
  });

  it("exports the contract types under their agreed names", () => {
    const text = readFileSync(TYPES_FILE, "utf8");
    for (const name of [
      "Envelope",
      "ResolveResponse",
      "EntitiesResponse",
      "InfluencerResponse",
      "ErrorBody",
      "Node",
      "OrgPayload",
      "Numeric",
      "InfluencerNode",
      "Edge",
      "EdgeProps",
      "Extensions",
      "ResolveCandidate",
      "ResolveRequest",
      "EntityGetRequest",
      "BatchRequest",
      "Me",
    ]) {
      expect(text, name).toMatch(new RegExp(`^export (interface|type) ${name}\\b`, "m"));
    }
  });
});
