/**
 * examples/github-actions/cb-v1-load.yml fits together: the matrix lists segments 1 … N of the `/N` its
 * command gives, every segment shares the plan job's start and seed, the shell steps parse (bash -n, with the
 * workflow's expressions filled as the runner would), and the merge reads exactly the artifacts the segments
 * upload.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const FILE = join(import.meta.dirname, "..", "..", "examples", "github-actions", "cb-v1-load.yml");
// biome-ignore lint/suspicious/noExplicitAny: a workflow document, checked field by field below.
const workflow: any = parse(readFileSync(FILE, "utf8"));
type Step = { name?: string; run?: string; uses?: string; with?: Record<string, string> };
const steps = (job: string): Step[] => workflow.jobs[job].steps;
const runOf = (job: string, name: string) => steps(job).find((s) => s.name === name)?.run ?? "";

/** A workflow expression as written in the file, `${{ … }}`. */
const gh = (expression: string) => `\${{ ${expression} }}`;

/** A step's script with `${{ … }}` filled as the runner would (values of the right shape). */
const filled = (script: string) =>
  script
    .replaceAll(gh("matrix.segment"), "2")
    .replaceAll(gh("needs.plan.outputs.seed"), "12345")
    .replaceAll(gh("needs.plan.outputs.start-at"), "2026-05-04T12:00:00Z")
    .replaceAll(gh("github.run_id"), "987654321")
    .replace(/\$\{\{ (vars|secrets)\.[A-Z_]+ \}\}/g, "value");

describe("examples/github-actions/cb-v1-load.yml", () => {
  it("runs segments 1 … N of the N its command splits into, all from one plan", () => {
    const load = runOf("load", "cbcheck load");
    const n = Number(/--segment \$\{\{ matrix\.segment \}\}\/(\d+)/.exec(load)?.[1]);
    expect(workflow.jobs.load.strategy.matrix.segment).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(workflow.jobs.load.strategy["fail-fast"]).toBe(false);
    expect(workflow.jobs.load.needs).toBe("plan");
    expect(load).toContain(`--start-at ${gh("needs.plan.outputs.start-at")}`);
    expect(load).toContain(`--seed ${gh("needs.plan.outputs.seed")}`);
    expect(Object.keys(workflow.jobs.plan.outputs)).toEqual(["start-at", "seed"]);
  });

  // scripts/github-actions.test.ts checks every workflow's cbcheck commands and flags against the program.
  it("its shell steps parse, with the workflow's expressions filled", () => {
    const scripts = Object.keys(workflow.jobs).flatMap((job) =>
      steps(job).flatMap((s) => (s.run ? [s.run] : [])),
    );
    for (const script of scripts) execFileSync("bash", ["-n", "-c", filled(script)]);
    expect(scripts.filter((s) => s.includes("cbcheck load"))).toHaveLength(2);
  });

  it("a segment that ran passes its job whatever its verdict; one that could not run fails it", () => {
    const script = filled(runOf("load", "cbcheck load")).replace(/npx cbcheck load[^|]*/s, "(exit $CODE) ");
    const exitWith = (code: number) => {
      try {
        execFileSync("bash", ["-e", "-c", script], { env: { ...process.env, CODE: String(code) } });
        return 0;
      } catch (err) {
        return (err as { status: number }).status;
      }
    };
    expect([0, 1, 2, 130].map(exitWith)).toEqual([0, 0, 1, 1]);
  });

  it("the merge reads the artifacts the segments upload, and gates on the merged junit", () => {
    const upload = steps("load").find((s) => s.uses?.startsWith("actions/upload-artifact"));
    const download = steps("verdict").find((s) => s.uses?.startsWith("actions/download-artifact"));
    expect(upload?.with?.name).toBe(`cbcheck-load-segment-${gh("matrix.segment")}`);
    expect(upload?.with?.path).toBe(`reports/segment-${gh("matrix.segment")}`);
    expect(runOf("load", "cbcheck load")).toContain(`--report-dir reports/segment-${gh("matrix.segment")}`);
    expect(download?.with).toEqual({ pattern: "cbcheck-load-segment-*", path: "segments" });
    expect(runOf("verdict", "cbcheck load --merge")).toBe(
      "npx cbcheck load --merge segments/cbcheck-load-segment-*/report.json --report-dir reports/merged",
    );
    expect(workflow.jobs.verdict).toMatchObject({ needs: "load", if: "always()" });
  });
});
