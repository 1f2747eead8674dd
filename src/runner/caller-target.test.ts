/**
 * A run on an embedded server its caller started (`hooks.openTarget` with `embeddedTarget`; the mutation
 * harness starts the server where Stryker's mutant switch lives and judges it elsewhere): the run judges that
 * server (a seeded bug of it fails the run) and sets its window only for the `rate-limit` suite.
 */
import { describe, expect, it } from "vitest";
import type { ServerFixtures } from "../server/types.js";
import { emptyFixtures } from "../vocabulary/target-fixtures.js";
import { embeddedServerOptions, LIFTED_RATE_LIMIT, startEmbeddedServer } from "./embedded-server.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";
import { embeddedTarget } from "./target.js";

/** Runs `options` on a server started here with the run's embedded options and `mutation` (a seeded bug). */
async function runOnOwnServer(options: ReturnType<typeof resolveRunOptions>, mutation?: string) {
  const server = await startEmbeddedServer({
    ...embeddedServerOptions(options),
    ...(mutation ? { mutation } : {}),
  });
  const { report } = await runConformance(options, { openTarget: async (o) => embeddedTarget(server, o) });
  return report;
}

describe("a run on an embedded server the caller started", () => {
  it("passes a conforming server", async () => {
    const report = await runOnOwnServer(resolveRunOptions({ seed: 1, suites: ["http"], strict: true }));
    expect(report.results.filter((r) => r.status !== "pass" && r.status !== "skip").map((r) => r.id)).toEqual(
      [],
    );
    expect(report.target?.embedded).toBe(true);
  });

  it("fails on a seeded bug of that server (not of one it would start itself)", async () => {
    const options = resolveRunOptions({ seed: 1, suites: ["http"], strict: true });
    const report = await runOnOwnServer(options, "method-not-allowed-without-allow");
    expect(report.verdict).toBe("fail");
  });

  it("enforces the server's window during rate-limit only", async () => {
    const options = resolveRunOptions({ seed: 1 });
    const windows: string[] = [];
    const server = {
      url: "http://127.0.0.1:1/v1",
      altUrl: "http://127.0.0.1:1/alt",
      keys: { plus: "p", free: "f", revoked: "r", team: "t", noCredits: "n" },
      fixtures: {} as ServerFixtures,
      setRateLimit: async (limit: number, windowMs: number) => void windows.push(`${limit}/${windowMs}`),
      close: async () => {},
    };
    const open = embeddedTarget(server, options, emptyFixtures());
    for (const suite of ["http", "rate-limit", "rate-limit", "schema"] as const)
      await open.beforeSuite(suite);
    expect(windows).toEqual(["20/1000", `${LIFTED_RATE_LIMIT}/1000`]);
  });

  it("refuses a server that names no alternate base URL (alt-base-url would skip and the run pass)", () => {
    const server = {
      url: "http://127.0.0.1:1/v1",
      altUrl: "",
      keys: { plus: "p", free: "f", revoked: "r", team: "t", noCredits: "n" },
      fixtures: {} as ServerFixtures,
      setRateLimit: async () => {},
      close: async () => {},
    };
    expect(() => embeddedTarget(server, resolveRunOptions({ seed: 1 }), emptyFixtures())).toThrow(
      expect.objectContaining({ code: "CB_EMBEDDED_SERVER" }),
    );
  });
});
