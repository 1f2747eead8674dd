import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { startServer } from "../server/index.js";
import { checkFixtures, loadFixtures } from "./fixtures.js";

describe("fixtures", () => {
  it("fixtures/targets/example.json is valid and lists the reference server's ids (seed 1)", async () => {
    const example = await loadFixtures("fixtures/targets/example.json");
    const server = await startServer({});
    try {
      expect(example).toEqual(checkFixtures(server.fixtures, "server fixtures"));
    } finally {
      await server.close();
    }
  });

  it("ignores unknown fields and requires known_ids", () => {
    expect(checkFixtures({ known_ids: ["cb:org:123456789"], extra: 1 }, "x").known_ids).toEqual([
      "cb:org:123456789",
    ]);
    expect(() => checkFixtures({ org_ids: [] }, "bad.json")).toThrow(/bad.json is not valid fixtures/);
    expect(() => checkFixtures(JSON.parse(readFileSync("package.json", "utf8")), "package.json")).toThrow();
  });
});
