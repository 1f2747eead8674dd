import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, entityPath, stubServer } from "./test-support/harness.js";
import { STUB } from "./test-support/stub-graph.js";
import type { RunningServer } from "./types.js";

const MAIN = `cb:org:${STUB.main}`;
const SMALL = `cb:org:${STUB.small}`;
const ALL_EXT = ["financial_history", "subunits", "web_identities", "group_parent"];
const ENVELOPE_KEYS = [
  "contract",
  "request_id",
  "as_of",
  "data",
  "entities",
  "evidence",
  "coverage",
  "truncated",
  "cursor",
  "next_hint",
  "cost",
  "warnings",
];

let server: RunningServer;
beforeAll(async () => {
  server = await stubServer({ rateLimit: 10_000 });
});
afterAll(() => server.close());

describe("entity reads", () => {
  it("answers one org with exactly the envelope fields and signing rights", async () => {
    const r = await call(server, entityPath(MAIN));
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    expect(Object.keys(r.json)).toEqual(ENVELOPE_KEYS);
    expect(r.json.contract).toBe("cb/v1");
    expect(r.json.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.json.evidence).toEqual([]);
    expect(r.json.data.edges).toEqual([]);
    expect(r.json.data.entities[0].payload.signature_text).toBeDefined();
    expect(r.json.coverage).toEqual({ requested: [MAIN], missing: [], reason: null });
    expect(r.json.cost).toEqual({
      units: 1,
      unit_type: "record",
      credits_charged: 0,
      credits_reserved: 0,
      balance: 100000,
    });
  });

  it("lists unknown ids in coverage.missing with 200 and drops signing rights for several orgs", async () => {
    const r = await call(server, "/entities/batch", { body: { ids: [MAIN, SMALL, STUB.missing] } });
    expect(r.status).toBe(200);
    expect(r.json.coverage.missing).toEqual([STUB.missing]);
    expect(r.json.coverage.requested).toEqual([MAIN, SMALL, STUB.missing]);
    for (const n of r.json.data.entities) expect(n.payload.signature_text).toBeUndefined();
    expect(r.json.entities).toEqual([MAIN, SMALL]);
  });

  it("pages edges by 50 with a cursor that resumes exactly, without duplicates", async () => {
    const seen: number[] = [];
    let cursor: unknown = null;
    for (let i = 0; i < 5; i++) {
      const body: Record<string, unknown> = { ids: [MAIN], include: ["*"] };
      if (cursor) body.cursor = cursor;
      const r = await call(server, "/entities/batch", { body });
      expect(r.json.data.edges.length).toBeLessThanOrEqual(50);
      seen.push(...r.json.data.edges.map((e: { id: number }) => e.id));
      cursor = r.json.cursor;
      expect(r.json.truncated).toBe(cursor !== null);
      if (cursor === null) break;
      expect(cursor).toEqual([expect.any(String), expect.any(Number)]);
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  it("returns edges only with include, filtered by predicate", async () => {
    const r = await call(server, entityPath(MAIN, { include: ["OWNS"] }));
    expect(r.json.data.edges.every((e: { predicate: string }) => e.predicate === "OWNS")).toBe(true);
    expect(r.json.data.edges.length).toBe(50);
  });

  it("caps extensions: 30 financial rows newest first, 1000 sub-units for one id, 50 in a batch", async () => {
    const one = await call(server, entityPath(MAIN, { extend: ALL_EXT }));
    const ext = one.json.data.extensions;
    expect(ext.financial_history[STUB.main]).toHaveLength(30);
    expect(ext.financial_history[STUB.main][0].fiscal_year).toBe(2025);
    expect(ext.subunits[STUB.main]).toHaveLength(1000);
    expect(one.json.data.extensions_truncated).toEqual({ subunits: [STUB.main] });
    expect(ext.group_parent[STUB.main]).toBeNull();
    const batch = await call(server, "/entities/batch", { body: { ids: [MAIN, SMALL], extend: ALL_EXT } });
    expect(batch.json.data.extensions.subunits[STUB.main]).toHaveLength(50);
    expect(batch.json.data.extensions.subunits[STUB.small]).toHaveLength(3);
    expect(batch.json.data.extensions_truncated.subunits).toEqual([STUB.main]);
    expect(batch.json.cost.units).toBe(2 + 30 + 50 + 3 + 1 + 1);
  });

  it("serves influencers: at most 25, data only entities, 1 credit per record", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `cb:identity:instagram:user_${i}`);
    const r = await call(server, "/entities/batch", { body: { ids, dataset: "influencer" } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json.data)).toEqual(["entities"]);
    expect(r.json.data.entities).toHaveLength(25);
    expect(r.json.cost).toMatchObject({ units: 25, unit_type: "premium_record", credits_charged: 25 });
    expect(r.json.truncated).toBe(true);
    const next = await call(server, "/entities/batch", {
      body: { ids, dataset: "influencer", cursor: r.json.cursor },
    });
    expect(next.json.data.entities).toHaveLength(5);
    expect(next.json.cursor).toBeNull();
  });

  it("refuses influencer reads without credits with 402 credits_exhausted", async () => {
    const r = await call(server, entityPath("cb:identity:instagram:user_1", { dataset: "influencer" }), {
      key: "noCredits",
    });
    expect(r.status).toBe(402);
    expect(r.json).toEqual({ error: { code: "credits_exhausted" } });
    const basic = await call(server, entityPath(MAIN), { key: "noCredits" });
    expect(basic.status).toBe(200);
  });

  it("answers resolve with one requested item, no missing, null cursor, data ≤ limit", async () => {
    const r = await call(server, "/resolve?query=AS&limit=2");
    expect(r.status).toBe(200);
    expect(r.json.data).toHaveLength(2);
    expect(r.json.coverage).toEqual({ requested: ["AS"], missing: [], reason: null });
    expect(r.json.cursor).toBeNull();
  });

  it("answers search and traversals in the envelope", async () => {
    const s = await call(server, "/search", { body: { municipality: "Oslo", limit: 2 } });
    expect(s.status).toBe(200);
    expect(s.json.data.entities).toHaveLength(2);
    const t = await call(server, "/traversals", { body: { seeds: [STUB.person, STUB.missing], hops: 2 } });
    expect(t.status).toBe(200);
    expect(t.json.coverage.missing).toEqual([STUB.missing]);
    expect(t.json.data.edges.length).toBeLessThanOrEqual(50);
  });

  it("serves /api/v1 identically to /v1", async () => {
    const strip = (j: Record<string, unknown>) => ({ ...j, request_id: "x" });
    for (const path of [entityPath(MAIN, { include: ["*"] }), "/resolve?query=AS", "/me", "/nope"]) {
      const a = await call(server, path);
      const b = await call(server, path, { alt: true });
      expect(b.status).toBe(a.status);
      if (a.json?.contract) expect(strip(b.json)).toEqual(strip(a.json));
    }
  });
});
