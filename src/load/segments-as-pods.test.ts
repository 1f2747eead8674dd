/**
 * examples/kubernetes run here as the cluster would run it, with local processes for pods: the load Job's
 * command (`sh -c`, the pod's environment, JOB_COMPLETION_INDEX 0 … N−1, `cbcheck` on the PATH as in the
 * image) against the reference server on loopback, the volumes at /reports and /fixtures temporary folders,
 * then the merge Job's command (for N = 4; the other merges in-process). Timing-sensitive (real load from
 * several processes): never beside another real-time file (test-support/real-time-turn.ts). The test gives its own
 * values only for what a user edits in the manifest (the target, its limit, the duration and call cap, the
 * number of segments). For N = 1, 2 and 4 on the
 * built-in `latency` profile with one seed, started together: the merged run sends exactly the calls of one
 * process, its rate is within 5 % of it, and its error and throughput budgets are judged the same.
 * Uses the built CLI (`npm run build`, which `npm test` runs first).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_CLI } from "../cli/test-support/built-cli.js";
import { type CollectingChild, spawnCollecting } from "../cli/test-support/spawn-collecting.js";
import type { Report } from "../report/model.js";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { takeRealTimeTurn } from "../test-support/real-time-turn.js";
import { LOAD } from "../verdicts/load.js";
import type { LoadDetails, ProfileDetails } from "./build-report.js";
import { mergeLoad } from "./merge-load.js";
import {
  type ExampleContainer,
  jobContainer,
  literalEnv,
  type RunValues,
  readManifests,
} from "./test-support/kubernetes-example.js";

const SEED = "4242";
const GROUPS = [1, 2, 4];
/** From spawning a wave's pods to their --start-at: about their start-up on this machine when quiet. */
const START_LEAD_MS = 3000;
const dir = mkdtempSync(join(tmpdir(), "cbcheck-pods-"));

// Never beside another real-time file (test-support/real-time-turn.ts): taken before the server starts.
takeRealTimeTurn();
const children: CollectingChild[] = [];
let server: RunningServer;

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run npm run build first`);
  // The image has `cbcheck` on its PATH; here it is the built CLI.
  mkdirSync(join(dir, "bin"));
  writeFileSync(join(dir, "bin", "cbcheck"), `#!/bin/sh\nexec "${process.execPath}" "${BUILT_CLI}" "$@"\n`, {
    mode: 0o755,
  });
  server = await startServer({
    rateLimit: 6000,
    rateWindowMs: 60_000,
    callsPerDay: 1e9,
    recordsPerDay: 1e12,
  });
  mkdirSync(join(dir, "fixtures"));
  writeFileSync(join(dir, "fixtures", "fixtures.json"), JSON.stringify(server.fixtures));
});

afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill("SIGKILL");
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The pod's volumes, mounted: each mount path in the command and environment becomes a folder of `dir`. */
function mounted(text: string, container: ExampleContainer): string {
  return container.volumeMounts.reduce(
    (t, m) => t.replaceAll(`${m.mountPath}/`, `${join(dir, m.mountPath)}/`),
    text,
  );
}

/** Runs one pod of a Job: its command under `sh -c` with its environment, as the kubelet would. */
function runPod(container: ExampleContainer, env: Record<string, string>): CollectingChild {
  const podEnv = Object.fromEntries(
    Object.entries({ ...literalEnv(container), ...env }).map(([k, v]) => [k, mounted(v, container)]),
  );
  const pod = spawnCollecting(
    container.command[0],
    [...container.command.slice(1), mounted(container.args[0], container)],
    {
      env: { PATH: `${join(dir, "bin")}:${process.env.PATH}`, HOME: dir, CI: "true", ...podEnv },
    },
  );
  children.push(pod);
  return pod;
}

/** What the test sets that a user edits in load-job.yaml. */
function userSettings(segments: number): Record<string, string> {
  return {
    SEGMENTS: String(segments),
    CB_BASE_URL: server.url,
    // The limit the server enforces: the profile paces under it at 27 requests/s, which the connections
    // carry with room to spare here (at 36/s with both cores busy the one process fell 4 % behind its
    // schedule, and at 50/s they lose slots at the end); 18/s held too, at 5 s more of this serial file.
    EXPECT_RATE_LIMIT: "1800/60",
    // The cap over the whole run ends it, each segment at its exact part, with time to spare (27/s × 15 s):
    // counts then do not depend on how fast this shared machine lets each process send.
    DURATION: "15",
    MAX_CALLS: "120",
    CB_API_KEY: server.keys.plus,
  };
}

/**
 * Runs the load Job of `segments` pods to its end, then merges their reports: with the merge Job's command
 * when `mergeJob` (as the cluster would), else in-process (the same merge, without one more process start).
 */
async function runSplit(
  segments: number,
  startAt: string,
  mergeJob: boolean,
): Promise<{ merged: Report; parts: Report[] }> {
  const values: RunValues = { RUN_ID: `n${segments}`, SEED, START_AT: startAt };
  const load = jobContainer(readManifests("load-job.yaml", values)[0]);
  const pods = Array.from({ length: segments }, (_, k) =>
    runPod(load, { ...userSettings(segments), JOB_COMPLETION_INDEX: String(k) }),
  );
  const codes = await Promise.all(pods.map((p) => p.exited));
  const logs = pods.map((p) => p.errors() + p.output()).join("\n");
  // Every pod succeeded: its segment ran (a verdict of 0 or 1 is the merge's to judge).
  expect(codes, logs).toEqual(pods.map(() => 0));
  const reportOf = (sub: string) => join(dir, "reports", values.RUN_ID, sub, "report.json");
  const read = (sub: string): Report => JSON.parse(readFileSync(reportOf(sub), "utf8"));
  const parts = Array.from({ length: segments }, (_, k) => read(`segment-${k + 1}`));
  let merged: Report;
  let said = "";
  if (mergeJob) {
    const merge = runPod(jobContainer(readManifests("merge-job.yaml", values)[0]), {});
    await merge.exited;
    merged = read("merged");
    said = merge.errors() + merge.output();
  } else {
    merged = mergeLoad(parts.map((_, k) => reportOf(`segment-${k + 1}`))).report;
  }
  // The merge judged the run (0, 1, or 2 for a verdict it could not reach on a busy machine), never refused it.
  expect(merged.verdict, said).not.toBe("error");
  return { merged, parts };
}

const latencyOf = (r: Report): ProfileDetails =>
  (r.details as { load: LoadDetails }).load.profiles.find((p) => p.name === "latency") as ProfileDetails;
/** A pod's report in a line: its rate, how late it started, and how far this machine held it up. */
const howItRan = (r: Report) => {
  const { run } = (r.details as { load: LoadDetails }).load;
  const p = latencyOf(r);
  return (
    `${run?.segment} ${p.requestsPerSecond}/s, started ${run?.lateMs} ms late, ` +
    `${p.lateSends} late sends, timers ${p.harnessDelayMs} ms late`
  );
};
const BUDGETS: string[] = [LOAD.errorRate.id, LOAD.minThroughput.id];
const budgetVerdicts = (r: Report) =>
  Object.fromEntries(r.results.filter((x) => BUDGETS.includes(x.id)).map((x) => [x.id, x.status]));
const percentiles = (p: ProfileDetails) =>
  p.items.map((i) => `${i.name} p50 ${i.corrected.p50Ms} p99 ${i.corrected.p99Ms}`).join(", ");

describe("examples/kubernetes, pods as local processes", () => {
  it("N segments merged send what one process does: N = 1, 2 and 4 on the latency profile", async ({
    annotate,
  }) => {
    // The pods of a run begin together, as on a cluster. Two waves (N = 1 and 2, then 4) keep at most four
    // processes and the server on this machine's two shared cores at once, so that the rates compared
    // measure the split, not how the processes of one wave starved each other (all seven at once starved
    // the reference server in this process on a busy machine: the one connection of a segment of 4 then
    // waits for its answers past its slots). The merge Job's command runs for N = 4; the other merges are
    // the same code in-process, without two more process starts.
    const runs: { merged: Report; parts: Report[] }[] = [];
    for (const wave of [[1, 2], [4]]) {
      const startAt = new Date(Date.now() + START_LEAD_MS).toISOString();
      runs.push(...(await Promise.all(wave.map((n) => runSplit(n, startAt, n === 4)))));
    }
    const [one, ...split] = runs.map((r) => r.merged);
    const whole = latencyOf(one);
    expect(whole.calls).toBe(120);
    for (const [i, merged] of split.entries()) {
      const n = GROUPS[i + 1];
      const part = latencyOf(merged);
      // Recognised as the n segments of one run, and judged on the whole.
      expect((merged.details as { load: LoadDetails }).load.run).toMatchObject({
        segment: "1/1",
        seed: Number(SEED),
      });
      expect(merged.notes?.[0]).toMatch(
        new RegExp(`^merged from the ${n} segments of one run \\(seed ${SEED}`),
      );
      const perSegment = runs[i + 1].parts.map((r) => latencyOf(r).calls);
      expect(part.calls, `N = ${n}: ${perSegment.join(" + ")} calls`).toBe(whole.calls);
      const ratio = part.requestsPerSecond / whole.requestsPerSecond;
      expect(
        Math.abs(ratio - 1),
        `N = ${n}: ${part.requestsPerSecond} against ${whole.requestsPerSecond} requests/s; ` +
          [...runs[0].parts, ...runs[i + 1].parts].map(howItRan).join("; "),
      ).toBeLessThan(0.05);
      // Judged the same wherever both reached a verdict: a budget missed while this busy machine held a
      // process up is inconclusive, in the one process's report or in the merged one.
      const [mine, theirs] = [budgetVerdicts(merged), budgetVerdicts(one)];
      expect(Object.keys(mine).sort()).toEqual(BUDGETS.toSorted());
      const decided = BUDGETS.filter((id) => mine[id] !== "inconclusive" && theirs[id] !== "inconclusive");
      expect(
        decided.map((id) => mine[id]),
        `N = ${n}`,
      ).toEqual(decided.map((id) => theirs[id]));
      expect(decided).toContain(LOAD.errorRate.id);
    }
    await annotate(
      runs
        .map(({ merged }, i) => {
          const p = latencyOf(merged);
          return `N=${GROUPS[i]}: ${p.calls} calls, ${p.requestsPerSecond} req/s, ${percentiles(p)}`;
        })
        .join("; "),
    );
  }, 120_000);
});
