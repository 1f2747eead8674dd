/**
 * Test keys: fresh on every start, or derived from a seed (same seed, same keys) so scripts know them.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createKeys } from "./keys.js";
import { resolveServerOptions } from "./options.js";
import { call, stubServer } from "./test-support/harness.js";
import type { RunningServer } from "./types.js";

const FORMAT = /^cbk_(plus|team|free)_[0-9a-f]{16}$/;
const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

describe("test keys", () => {
  it("are the same for the same seed, different for another seed, and random without one", () => {
    const seven = createKeys(7).keys;
    expect(createKeys(7).keys).toEqual(seven);
    const eight = createKeys(8).keys;
    for (const name of Object.keys(seven) as (keyof typeof seven)[]) {
      expect(seven[name]).toMatch(FORMAT);
      expect(eight[name]).not.toBe(seven[name]);
    }
    expect(new Set(Object.values(seven)).size).toBe(5);
    expect(createKeys().keys.plus).not.toBe(createKeys().keys.plus);
    expect(createKeys().keys.plus).toMatch(FORMAT);
  });

  it("derived from keySeed, work on a server as the account they name", async () => {
    const a = await stubServer({ keySeed: 7 });
    const b = await stubServer({ keySeed: 7 });
    servers.push(a, b);
    expect(a.keys).toEqual(b.keys);
    expect(a.keys).toEqual(createKeys(7).keys);
    expect((await call(a, "/me", { key: b.keys.plus })).status).toBe(200);
    expect((await call(a, "/me", { key: b.keys.team })).json.credential.billed_to).toBe("team");
    expect((await call(a, "/me", { key: b.keys.revoked })).status).toBe(401);
  });

  it("give the plus key the balance of `credits`, spent one credit per influencer identity, then 402", async () => {
    const s = await stubServer({ credits: 3 });
    servers.push(s);
    expect((await call(s, "/me")).json.credential.credits).toBe(3);
    const read = { ids: ["cb:identity:instagram:user_1"], dataset: "influencer" };
    for (const left of [2, 1, 0]) {
      expect((await call(s, "/entities/batch", { body: read })).json.cost.balance).toBe(left);
    }
    const refused = await call(s, "/entities/batch", { body: read });
    expect([refused.status, refused.json.error.code]).toEqual([402, "credits_exhausted"]);
    expect((await call(s, "/entities/batch", { body: { ids: read.ids } })).status).toBe(200);
    expect(() => resolveServerOptions({ credits: -1 })).toThrow(RangeError);
  });

  it("refuses a keySeed outside 0..2^31-1", () => {
    expect(() => resolveServerOptions({ keySeed: -1 })).toThrow(RangeError);
    expect(() => resolveServerOptions({ keySeed: 1.5 })).toThrow(RangeError);
    expect(resolveServerOptions({}).keySeed).toBeNull();
  });
});
