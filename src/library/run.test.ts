import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHostileTarget } from "../cli/test-support/hostile-targets.js";
import { HarnessError, type RunningServer, run, startServer } from "./index.js";

const failingIds = (results: { id: string; status: string }[]) =>
  [...new Set(results.filter((r) => r.status === "fail").map((r) => r.id))].sort();

describe("run (library)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ seed: 5 });
  });
  afterAll(() => server?.close());

  it("runs with the key given directly, reports progress, and writes the four reports without the key", async () => {
    const reportDir = await mkdtemp(join(tmpdir(), "cbcheck-library-run-"));
    const lines: string[] = [];
    const report = await run({
      baseUrl: server.url,
      apiKey: server.keys.plus,
      fixtures: server.fixtures,
      suites: ["http", "schema"],
      // The library's plumbing is tested here, not the inputs: the coverage phase would pass the server's
      // 120 calls per minute and wait out its 429s.
      coveragePhase: false,
      runs: 5,
      seed: 9,
      reportDir,
      onProgress: (line) => lines.push(line),
    });
    expect(failingIds(report.results)).toEqual([]);
    expect(report).toMatchObject({
      command: "run",
      verdict: "pass",
      seed: 9,
      target: { baseUrl: server.url },
    });
    expect(lines.some((l) => l.startsWith("suite http"))).toBe(true);
    expect((await readdir(reportDir)).sort()).toEqual([
      "junit.xml",
      "report.html",
      "report.json",
      "report.md",
    ]);
    for (const file of await readdir(reportDir))
      expect(await readFile(join(reportDir, file), "utf8")).not.toContain(server.keys.plus);
  });

  it("reads the key from the env option under apiKeyEnv, and a direct key wins over it", async () => {
    const base = { baseUrl: server.url, fixtures: server.fixtures, suites: ["http"], runs: 2, seed: 1 };
    const fromEnv = await run({ ...base, apiKeyEnv: "MY_KEY", env: { MY_KEY: server.keys.plus } });
    expect(fromEnv.verdict).toBe("pass");
    // A revoked key in the env would fail the http suite's calls (401); the direct key replaces it.
    const direct = await run({ ...base, env: { CB_API_KEY: server.keys.revoked }, apiKey: server.keys.plus });
    expect(failingIds(direct.results)).toEqual([]);
  });

  it("fails on a seeded contract violation", async () => {
    const broken = await startServer({ seed: 5, mutation: "envelope-extra-field" });
    try {
      const report = await run({
        baseUrl: broken.url,
        apiKey: broken.keys.plus,
        fixtures: broken.fixtures,
        suites: ["schema"],
        // Every response shows this bug: the random phase alone finds it.
        coveragePhase: false,
        runs: 5,
        seed: 9,
      });
      expect(report.verdict).toBe("fail");
      expect(failingIds(report.results)).toContain("response.schema");
    } finally {
      await broken.close();
    }
  });

  it("throws a HarnessError without a key for a URL (CB_NO_KEY), or for a bad option", async () => {
    await expect(run({ baseUrl: server.url, env: {} })).rejects.toMatchObject({
      name: "HarnessError",
      code: "CB_NO_KEY",
      message: expect.stringMatching(/no API key/),
    });
    await expect(run({ baseUrl: server.url, apiKey: "k", suites: ["nope"] })).rejects.toBeInstanceOf(
      HarnessError,
    );
  });

  it("stops when its signal aborts: the report comes back (and is written) marked interrupted", async () => {
    const target = await startHostileTarget("stall");
    const reportDir = await mkdtemp(join(tmpdir(), "cbcheck-library-interrupted-"));
    const interrupt = new AbortController();
    const poll = setInterval(() => {
      if (target.hits() > 0) interrupt.abort();
    }, 10);
    try {
      const started = Date.now();
      const report = await run({
        baseUrl: target.baseUrl,
        apiKey: "library-interrupt-key-0123",
        fixtures: { known_ids: ["cb:org:123456789"] },
        timeoutMs: 60_000,
        reportDir,
        signal: interrupt.signal,
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(report.verdict).toBe("interrupted");
      expect(report.reason).toMatch(/interrupted by its AbortSignal/);
      const written = JSON.parse(await readFile(join(reportDir, "report.json"), "utf8"));
      expect(written.verdict).toBe("interrupted");
    } finally {
      clearInterval(poll);
      await target.close();
    }
  });
});
