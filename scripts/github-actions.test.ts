/**
 * The GitHub Actions examples are valid YAML workflows and name only cbcheck commands and flags that exist
 * (read from the real program, so a renamed flag breaks this test, not a user's CI).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { invocations, unknownInvocations } from "../src/cli/test-support/cbcheck-invocations.js";

const DIR = "examples/github-actions";

interface Workflow {
  name: string;
  on: unknown;
  jobs: Record<string, { "runs-on": string; steps: { run?: string; uses?: string }[] }>;
}

describe("examples/github-actions", () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith(".yml"));

  it("holds the release gate with shards and a merge step", () => {
    expect(files).toContain("cb-v1-gate.yml");
  });

  for (const file of files) {
    it(`${file} is a workflow whose cbcheck steps name existing commands and flags`, () => {
      const workflow = parse(readFileSync(join(DIR, file), "utf8")) as Workflow;
      expect(typeof workflow.name).toBe("string");
      expect(workflow.on).toBeDefined();
      const steps = Object.values(workflow.jobs).flatMap((job) => {
        expect(typeof job["runs-on"]).toBe("string");
        return job.steps;
      });
      const scripts = steps.flatMap((s) => (s.run ? [s.run] : []));
      expect(scripts.flatMap(invocations).length).toBeGreaterThan(0);
      expect(scripts.flatMap(unknownInvocations), file).toEqual([]);
    });
  }

  it("the gate shards with one seed, merges every shard, and keeps the reports whatever the exit", () => {
    const text = readFileSync(join(DIR, "cb-v1-gate.yml"), "utf8");
    const workflow = parse(text) as Workflow;
    const run = workflow.jobs.conformance.steps.find((s) => s.run?.includes("cbcheck run"))?.run ?? "";
    expect(run).toMatch(/--shard \$\{\{ matrix\.shard \}\}\/3/);
    expect(run).toMatch(/--seed/);
    const merge = workflow.jobs.verdict.steps.find((s) => s.run?.includes("cbcheck merge"))?.run ?? "";
    for (const i of [1, 2, 3]) expect(merge).toContain(`cbcheck-shard-${i}`);
    expect(text).not.toMatch(/CB_API_KEY: [^$]/); // keys only from secrets
  });
});
