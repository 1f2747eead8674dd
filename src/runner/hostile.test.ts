import { describe, expect, it } from "vitest";
import { HOSTILE_BEHAVIOURS, startHostileServer } from "../transport/test-support/hostile-server.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";

const fixtures = { known_ids: ["cb:org:123456789"] };

describe("runConformance against broken HTTP servers", () => {
  for (const behaviour of HOSTILE_BEHAVIOURS) {
    it(`fails cleanly, without a crash or a hang, on a target that answers "${behaviour}"`, async () => {
      const server = await startHostileServer(behaviour);
      try {
        const started = Date.now();
        const options = resolveRunOptions({
          baseUrl: server.baseUrl,
          env: { CB_API_KEY: "hostile-test-key" },
          fixtures,
          suites: ["http"],
          timeoutMs: 300,
          maxBodyBytes: 1024 * 1024,
          seed: 1,
        });
        const { report } = await runConformance(options);
        expect(report.verdict).toBe("fail");
        const failing = report.results.filter((r) => r.status === "fail");
        expect(failing.length).toBeGreaterThan(0);
        // Every failure says what came back (a transport code or a body problem), in words.
        for (const row of failing) expect(row.counterexamples[0]?.title ?? row.message).toBeTruthy();
        expect(Date.now() - started).toBeLessThan(15_000);
      } finally {
        await server.close();
      }
    });
  }

  it("names the transport failure of a response that never comes", async () => {
    const server = await startHostileServer("never");
    try {
      const options = resolveRunOptions({
        baseUrl: server.baseUrl,
        env: { CB_API_KEY: "k" },
        fixtures,
        suites: ["http"],
        timeoutMs: 200,
      });
      const { report } = await runConformance(options);
      const row = report.results.find((r) => r.id === "transport.response_received");
      expect(row?.status).toBe("fail");
      expect(row?.counterexamples[0]?.received).toMatch(/CB_TIMEOUT/);
    } finally {
      await server.close();
    }
  });

  it("stops at the overall deadline without blaming the target for the cut call", async () => {
    const server = await startHostileServer("never");
    try {
      const started = Date.now();
      const options = resolveRunOptions({
        baseUrl: server.baseUrl,
        env: { CB_API_KEY: "k" },
        fixtures,
        suites: ["http"],
        timeoutMs: 60_000,
        deadlineS: 1,
      });
      const { report } = await runConformance(options);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(report.details?.stopped).toBe("deadline");
      expect(report.results.filter((r) => r.status === "fail")).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
