/**
 * Issue: a target whose JSON nests 100,000 deep (a whole body, or `warnings` added to valid envelopes) once
 * passed with every check "inconclusive": rendering the value overflowed the stack. Now it fails, by name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { type DeepJsonMode, startDeepJsonProxy } from "../transport/test-support/deep-json-proxy.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";

describe("runConformance against a target that answers deeply nested JSON", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ rateLimit: 100_000 });
  });
  afterAll(() => server.close());

  const modes: DeepJsonMode[] = ["warnings", "whole-body", "wide-body"];
  for (const mode of modes) {
    it(`fails (never inconclusive) when the proxy answers with a ${mode} too deep or too big`, async () => {
      const proxy = await startDeepJsonProxy(server.url, mode);
      try {
        const options = resolveRunOptions({
          baseUrl: proxy.baseUrl,
          env: { CB_API_KEY: server.keys.plus },
          fixtures: server.fixtures,
          suites: ["http", "schema"],
          // The bodies are what is judged here, not the inputs: the proxy bends every JSON answer, so one
          // generated round (plus the http suite) sends enough of them; four rounds judged the same bodies again.
          coveragePhase: false,
          runs: 1,
          seed: 5,
        });
        const { report } = await runConformance(options);
        expect(report.results.filter((r) => r.status === "inconclusive").map((r) => r.id)).toEqual([]);
        expect(report.verdict).toBe("fail");
        const nesting = report.results.find((r) => r.id === "response.structure_bounded");
        expect(nesting?.status).toBe("fail");
        expect(nesting?.counterexamples[0]?.title).toMatch(
          mode === "wide-body" ? /more than 250000 arrays and objects/ : /deeper than 64 levels/,
        );
        if (mode === "warnings") {
          expect(nesting?.counterexamples[0]?.pointer).toMatch(/^\/warnings\/0(\/0)*$/);
          const schema = report.results.find((r) => r.id === "response.schema");
          expect(schema?.status).toBe("fail");
          expect(schema?.counterexamples.some((c) => c.received?.includes("[[[[[[[["))).toBe(true);
        }
      } finally {
        await proxy.close();
      }
    });
  }
});
