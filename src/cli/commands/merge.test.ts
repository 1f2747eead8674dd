/**
 * End to end: two `cbcheck run --shard I/2` runs (in-process, through main(argv, io)) against one reference
 * server, then `cbcheck merge` on their report directories.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";
import { runMain } from "../test-support/run-main.js";

let server: RunningServer;
let root: string;
beforeAll(async () => {
  server = await startServer({ rateLimit: 1e6, callsPerDay: 1e7, recordsPerDay: 1e12 });
  root = mkdtempSync(join(tmpdir(), "cbcheck-merge-"));
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** `cbcheck ARGS…` in-process, with the server's key. */
function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runMain(args, { env: { CB_API_KEY: server.keys.plus } });
}

const shardRun = (i: number, n: number, dir: string, seed = 5, extra: string[] = []) =>
  cli([
    "run",
    ...extra,
    "--base-url",
    server.url,
    "--suite",
    "negative",
    "--seed",
    String(seed),
    "--shard",
    `${i}/${n}`,
    "--report-dir",
    dir,
  ]);

const reportOf = (dir: string) => JSON.parse(readFileSync(join(dir, "report.json"), "utf8"));

describe("cbcheck merge (CLI)", () => {
  it("combines the shards of one run into the verdict and rows of the whole run", async () => {
    const [one, two, whole] = ["s1", "s2", "all"].map((d) => join(root, d));
    const runs = await Promise.all([shardRun(1, 2, one), shardRun(2, 2, two), shardRun(1, 1, whole)]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
    const out = join(root, "merged");
    const merged = await cli(["merge", one, two, "--report-dir", out]);
    expect(merged.stderr).toBe("");
    expect(merged.code).toBe(0);
    expect(merged.stdout).toMatch(/^PASS:/m);
    const report = reportOf(out);
    const ids = (r: { results: { id: string }[] }) => r.results.map((x) => x.id).sort();
    expect(ids(report)).toEqual(ids(reportOf(whole)));
    expect(report.summary.calls).toBe(reportOf(one).summary.calls + reportOf(two).summary.calls);
    expect(readFileSync(join(out, "junit.xml"), "utf8")).toContain('<property name="seed" value="5"/>');
  });

  it("applies the coverage gate to the shards added up: shards run with --fail-on-unexercised leave it to merge", async () => {
    const [a, b] = ["g1", "g2"].map((d) => join(root, d));
    const gate = ["--fail-on-unexercised"];
    const runs = await Promise.all([shardRun(1, 2, a, 5, gate), shardRun(2, 2, b, 5, gate)]);
    // No shard fails on a rule another shard may have exercised.
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    for (const dir of [a, b]) {
      expect(reportOf(dir).details.coverageGate).toEqual({ minExercised: 1 });
      expect(reportOf(dir).results.some((r: { id: string }) => r.id === "run.rule_unexercised")).toBe(false);
    }
    const merged = await cli(["merge", a, b, "--report-dir", join(root, "mg")]);
    expect(merged.code).toBe(1);
    const row = reportOf(join(root, "mg")).results.find(
      (r: { id: string }) => r.id === "run.rule_unexercised",
    );
    expect(row.status).toBe("fail");
    // Rules of the negative suite are exercised in one shard or the other: only rules no shard exercised fail.
    expect(row.message).not.toMatch(/negative\./);
    // Without the shards' request, merge applies the gate only when asked.
    const [c, d] = ["p1", "p2"].map((x) => join(root, x));
    await Promise.all([shardRun(1, 2, c), shardRun(2, 2, d)]);
    expect((await cli(["merge", c, d, "--report-dir", join(root, "mp")])).code).toBe(0);
    const asked = await cli(["merge", c, d, "--min-exercised", "1", "--report-dir", join(root, "mq")]);
    expect(asked.code).toBe(1);
  });

  it("exits 2 with one line on shards of different seeds, a missing shard, no report, or one that is not JSON", async () => {
    const [a, b] = ["d1", "d2"].map((d) => join(root, d));
    await Promise.all([shardRun(1, 2, a, 1), shardRun(2, 2, b, 2)]);
    const seeds = await cli(["merge", a, b, "--report-dir", join(root, "m1")]);
    expect(seeds.code).toBe(2);
    expect(seeds.stderr).toMatch(/seed 2.*seed 1: not one run/);
    const gap = await cli(["merge", a, "--report-dir", join(root, "m2")]);
    expect(gap.code).toBe(2);
    expect(gap.stderr).toMatch(/shard 2\/2 missing/);
    const none = await cli(["merge", join(root, "nowhere"), "--report-dir", join(root, "m3")]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/cannot read .*report\.json \(ENOENT\)/);
    const junk = join(root, "junk");
    mkdirSync(junk, { recursive: true });
    writeFileSync(join(junk, "report.json"), "{not json");
    const bad = await cli(["merge", junk, "--report-dir", join(root, "m4")]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/report\.json is not JSON/);
  });
});
