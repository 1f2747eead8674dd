/**
 * The server on the real synthetic graph: every fixture id behaves as the fixtures say.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "./index.js";
import { call, entityPath, qs } from "./test-support/harness.js";
import type { RunningServer } from "./types.js";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ seed: 3, orgs: 3000, rateLimit: 100_000 });
});
afterAll(() => server.close());

describe("real graph", () => {
  it("finds every known id and reports every missing id", async () => {
    const f = server.fixtures;
    const r = await call(server, "/entities/batch", {
      body: { ids: [...f.known_ids, ...f.missing_ids].slice(0, 100) },
    });
    expect(r.status).toBe(200);
    expect(r.json.coverage.missing.sort()).toEqual(
      f.missing_ids.filter((id) => !f.known_ids.includes(id)).sort(),
    );
    for (const id of f.subunit_ids.slice(0, 3))
      expect((await call(server, entityPath(id))).json.data.entities).toHaveLength(1);
  });

  it("caps the many sub-units of the fixture main unit at 1000 alone and 50 in a batch", async () => {
    const id = server.fixtures.main_unit_with_many_subunits;
    const nr = id.slice("cb:org:".length);
    const one = await call(server, entityPath(id, { extend: ["subunits"] }));
    expect(one.json.data.extensions.subunits[nr]).toHaveLength(1000);
    expect(one.json.data.extensions_truncated.subunits).toEqual([nr]);
    const two = await call(server, "/entities/batch", {
      body: { ids: [id, server.fixtures.org_ids[1]], extend: ["subunits"] },
    });
    expect(two.json.data.extensions.subunits[nr]).toHaveLength(50);
  });

  it("resolves the fixture queries and serves the influencer ids", async () => {
    for (const q of server.fixtures.resolve_queries) {
      const r = await call(server, `/resolve${qs({ query: q })}`);
      expect(r.status).toBe(200);
      expect(r.json.data.length).toBeGreaterThan(0);
    }
    const inf = await call(server, "/entities/batch", {
      body: { ids: server.fixtures.influencer_ids.slice(0, 25), dataset: "influencer" },
    });
    expect(inf.json.data.entities).toHaveLength(25);
  });
});
