import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, entityPath, stubServer } from "./test-support/harness.js";
import { STUB } from "./test-support/stub-graph.js";
import type { RunningServer } from "./types.js";

const MAIN = `cb:org:${STUB.main}`;
let server: RunningServer;
beforeAll(async () => {
  server = await stubServer({ rateLimit: 10_000 });
});
afterAll(() => server.close());

describe("authentication", () => {
  it.each([
    ["missing header", "none", "authentication_required", undefined],
    ["unknown key", "cbk_plus_0000000000000000", "invalid_token", undefined],
    ["revoked key", "revoked", "invalid_token", undefined],
    ["malformed header", "plus", "invalid_token", { authorization: "Basic abc" }],
    ["empty bearer", "plus", "invalid_token", { authorization: "Bearer" }],
  ])("%s → 401 with WWW-Authenticate", async (_name, key, code, headers) => {
    for (const path of [entityPath(MAIN), "/me", "/capabilities"]) {
      const r = await call(server, path, { key, headers });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: { code } });
      expect(r.headers.get("www-authenticate")).toMatch(
        /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\//,
      );
    }
  });

  it("gives Free 403 plan_required on data operations, 200 on /me and /capabilities", async () => {
    for (const [path, body] of [
      [entityPath(MAIN)],
      ["/resolve?query=a"],
      ["/entities/batch", { ids: [MAIN] }],
      ["/usage"],
    ] as const) {
      const r = await call(server, path, { key: "free", body });
      expect(r.status).toBe(403);
      expect(r.json.error).toEqual({
        code: "plan_required",
        required_tier: "plus",
        upgrade_url: expect.stringMatching(/^https:\/\//),
      });
    }
    const me = await call(server, "/me", { key: "free" });
    expect(me.status).toBe(200);
    expect(me.json.api_access).toBe(false);
    expect((await call(server, "/capabilities", { key: "free" })).status).toBe(200);
  });

  it("bills a team key to the team and shows the personal balance at the top of /me", async () => {
    const me = await call(server, "/me", { key: "team" });
    expect(me.json.credential.billed_to).toBe("team");
    expect(me.json.credits).toBe(250);
    expect(me.json.credential.credits).toBe(500000);
    const plus = await call(server, "/me");
    expect(plus.json.credential.billed_to).toBe("personal");
    expect(plus.json.api_access).toBe(true);
  });

  it("issues different random keys on every start", async () => {
    const other = await stubServer();
    expect(other.keys.plus).not.toBe(server.keys.plus);
    expect(new Set(Object.values(other.keys)).size).toBe(5);
    expect(other.keys.plus).toMatch(/^cbk_plus_[0-9a-f]{16}$/);
    await other.close();
  });
});
