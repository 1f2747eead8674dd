/**
 * `--header`: every request of a run carries the headers given (a gateway's tenant header, its own key), the
 * reports and the HAR show the plain ones and never the value of a credential-like one.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHeader } from "../extra-headers.js";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { expectNoSecret } from "../test-support/expect-no-secret.js";
import { resolveRunOptions, runSecrets } from "./options.js";
import { runConformance } from "./run-conformance.js";

const GATEWAY_KEY = "gw-k3y-0123456789abcdef";
let server: RunningServer;
let dir: string;
beforeAll(async () => {
  server = await startServer({ orgs: 50, rateLimit: 1_000_000, trace: true, mutation: "content-type-html" });
  dir = await mkdtemp(join(tmpdir(), "cbcheck-headers-"));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a run with --header", () => {
  it("sends them on every request and never shows a secret one", async () => {
    const headers = parseHeader(`X-Api-Key: ${GATEWAY_KEY}`, parseHeader("X-Tenant: acme"));
    const options = resolveRunOptions({
      baseUrl: server.url,
      env: { CB_API_KEY: server.keys.plus },
      fixtures: server.fixtures,
      suites: ["http"],
      headers,
      har: join(dir, "run.har"),
    });
    const result = await runConformance(options);
    expect(server.trace.length).toBeGreaterThan(5);
    for (const entry of server.trace)
      expect(entry.headers).toMatchObject({ "x-tenant": "acme", "x-api-key": GATEWAY_KEY });
    expect(runSecrets(options)).toContain(GATEWAY_KEY);
    const report = JSON.stringify(result.report);
    const har = JSON.stringify(result.har?.document);
    expectNoSecret(report, GATEWAY_KEY, "report");
    expectNoSecret(har, GATEWAY_KEY, "HAR");
    expect(report).toContain('"x-tenant":"acme"');
    expect(har).toContain('{"name":"x-tenant","value":"acme"}');
    expect(har).toContain('{"name":"x-api-key","value":"<redacted>"}');
    expect(report).toContain("-H 'x-tenant: acme'");
    expect(result.report.rerun).toContain("--header x-tenant:acme --header 'x-api-key:<redacted>'");
  });
});
