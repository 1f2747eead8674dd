import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HarnessError } from "../errors.js";
import { loadProfile } from "./load-profile-file.js";
import { builtInProfileNames } from "./profile-names.js";

describe("load profiles", () => {
  it("the built-in profiles are valid against schemas/load-profile.schema.json", () => {
    expect(builtInProfileNames()).toEqual(["latency", "batch-limits", "rate-limit"]);
    for (const name of builtInProfileNames()) expect(loadProfile(name).name).toBe(name);
  });

  it("an invalid profile file is a harness error naming the place, not a stack trace", () => {
    const dir = mkdtempSync(join(tmpdir(), "cbcheck-profile-"));
    const file = join(dir, "bad.json");
    writeFileSync(
      file,
      JSON.stringify({
        name: "bad",
        description: "x",
        scenario: "throughput",
        mix: [],
        connections: 1,
        durationSeconds: 1,
      }),
    );
    expect(() => loadProfile(file)).toThrow(HarnessError);
    expect(() => loadProfile(file)).toThrow(/\/mix/);
  });

  it("a custom profile needs no description", () => {
    const dir = mkdtempSync(join(tmpdir(), "cbcheck-profile-"));
    const file = join(dir, "mine.json");
    const mix = [{ operation: "resolve" }];
    writeFileSync(
      file,
      JSON.stringify({ name: "mine", scenario: "throughput", mix, connections: 1, durationSeconds: 1 }),
    );
    expect(loadProfile(file).name).toBe("mine");
  });

  it("an unknown name lists the built-in ones", () => {
    expect(() => loadProfile("nope")).toThrow(/latency, batch-limits, rate-limit/);
  });
});
