/**
 * `--embedded-child`: the embedded reference server in a child process. A server whose thread spins forever
 * (the seeded bug `resolve-spins-forever`) cannot stop the run: its calls end as timeouts, the run fails on
 * them and closes, killing the child; a conforming server passes there as in-process, its rate window set
 * over IPC for the `rate-limit` suite (src/server/start-in-child.test.ts holds the child itself).
 */
import { describe, expect, it } from "vitest";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";

describe("the embedded server in a child process", () => {
  it("ends a server that spins forever as timeouts of its calls, and the run fails on them", async () => {
    const exitListeners = process.listenerCount("exit");
    const options = resolveRunOptions({
      seed: 1,
      suites: ["schema"],
      // No embeddedMode: a seeded bug that stops the server's thread starts the server in a child by itself.
      mutation: "resolve-spins-forever",
      timeoutMs: 500,
      giveUpAfterFailures: 2,
      deadlineS: 60,
    });
    expect(options.embedded.mode).toBe("child");
    const { report } = await runConformance(options);
    expect(report.verdict).toBe("fail");
    const row = report.results.find((r) => r.id === "transport.response_received" && r.status === "fail");
    expect(row?.counterexamples[0]?.title).toMatch(/timeout|timed out/i);
    // The child was killed at close: no exit hook of it is left behind.
    expect(process.listenerCount("exit")).toBe(exitListeners);
  });

  it("passes a conforming server, its rate window set over IPC for the rate-limit suite", async () => {
    const options = resolveRunOptions({ seed: 1, suites: ["rate-limit"], embeddedMode: "child" });
    const { report } = await runConformance(options);
    const findings = report.results
      .filter((r) => r.status !== "pass" && r.status !== "skip")
      .map((r) => r.id);
    expect(findings).toEqual([]);
    expect(report.verdict).toBe("pass");
  });

  it("refuses to run a thread-stopping seeded bug in-process, where nothing could end the run", () => {
    expect(() =>
      resolveRunOptions({
        mutation: ["node-missing-name", "resolve-spins-forever"],
        embeddedMode: "in-process",
      }),
    ).toThrow(/resolve-spins-forever stops the server's thread/);
    expect(resolveRunOptions({ mutation: "org-employees-string" }).embedded.mode).toBe("in-process");
  });
});
