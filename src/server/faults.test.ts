import { afterEach, describe, expect, it } from "vitest";
import { call, entityPath, stubServer } from "./test-support/harness.js";
import { STUB } from "./test-support/stub-graph.js";
import type { RunningServer } from "./types.js";

const MAIN = `cb:org:${STUB.main}`;
let server: RunningServer;
afterEach(() => server.close());

describe("fault plans and trace", () => {
  it("scripts responses by call number and operation, then serves normally", async () => {
    server = await stubServer({
      trace: true,
      faultPlan: {
        steps: [
          { call: 2, operation: "entity-batch", status: 429, code: "volume_limit", retryAfterSeconds: 2 },
          { call: 1, status: 503, code: "data_unavailable" },
          { call: 9, status: 402, code: "credits_exhausted" },
        ],
      },
    });
    const batch = { body: { ids: [MAIN] } };
    const first = await call(server, entityPath(MAIN));
    expect(first.status).toBe(503);
    expect(first.json).toEqual({ error: { code: "data_unavailable" } });
    expect((await call(server, "/entities/batch", batch)).status).toBe(200);
    const limited = await call(server, "/entities/batch", batch);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("2");
    expect((await call(server, "/entities/batch", batch)).status).toBe(200);
    expect(server.pendingFaults()).toEqual([{ call: 9, status: 402, code: "credits_exhausted" }]);
    expect(server.trace.map((t) => t.status)).toEqual([503, 200, 429, 200]);
    expect(server.trace[2].fault?.code).toBe("volume_limit");
  });

  it("keeps a sticky 401 and carries extras such as required_tier", async () => {
    server = await stubServer({
      faultPlan: {
        steps: [
          {
            call: 1,
            operation: "resolve",
            status: 403,
            code: "plan_required",
            extra: { required_tier: "plus", upgrade_url: "https://x.test/u" },
          },
          { call: 2, status: 401, code: "invalid_token", sticky: true },
        ],
      },
    });
    const r = await call(server, "/resolve?query=a");
    expect(r.json).toEqual({
      error: { code: "plan_required", required_tier: "plus", upgrade_url: "https://x.test/u" },
    });
    for (let i = 0; i < 3; i++) {
      const x = await call(server, "/me");
      expect(x.status).toBe(401);
      expect(x.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata=/);
    }
    expect(server.pendingFaults()).toEqual([]);
  });

  it("records the trace with sub-ms times, redacted key, body, response and key name", async () => {
    server = await stubServer({ trace: true, faultPlan: { steps: [], latencyMs: 30 } });
    const t0 = Date.now();
    await call(server, "/entities/batch", { body: { ids: [MAIN] }, key: "team" });
    await call(server, "/me", { key: "none" });
    const [a, b] = server.trace;
    expect(a.endedAt - a.startedAt).toBeGreaterThanOrEqual(29);
    expect(a.startedAt).toBeGreaterThanOrEqual(t0 - 1);
    expect(a).toMatchObject({
      n: 1,
      method: "POST",
      url: "/v1/entities/batch",
      base: "v1",
      operation: "entity-batch",
      keyName: "team",
      status: 200,
    });
    expect(a.headers.authorization).toBe("Bearer <redacted>");
    expect(JSON.stringify(server.trace)).not.toContain(server.keys.team);
    expect(JSON.parse(a.body)).toEqual({ ids: [MAIN] });
    expect(JSON.parse(a.responseBody).contract).toBe("cb/v1");
    expect(a.responseHeaders["content-type"]).toMatch(/^application\/json/);
    expect(b).toMatchObject({ n: 2, keyName: "none", status: 401, operation: "me" });
  });
});
