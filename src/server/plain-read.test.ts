/**
 * The plain single read (one known id, no `include`, no `extend`) is served from bytes cached with the node
 * (`ops/entities.ts`). It must be the very text the general path builds: a server with an unrelated seeded
 * bug on takes the general path for every read, so the two are compared byte for byte.
 */
import { describe, expect, it } from "vitest";
import { cachedVersusGeneral, sameId } from "./test-support/cached-vs-general.js";
import { call, entityPath } from "./test-support/harness.js";
import { STUB } from "./test-support/stub-graph.js";

const MAIN = `cb:org:${STUB.main}`;
const SMALL = `cb:org:${STUB.small}`;
const { cached, expectSameText } = cachedVersusGeneral();

describe("plain single read from cached bytes", () => {
  it("is byte for byte the general path's text, on first and later reads, under both bases", async () => {
    for (const id of [MAIN, SMALL, STUB.person]) {
      const first = await expectSameText(entityPath(id));
      const again = await expectSameText(entityPath(id));
      expect(sameId(again)).toBe(sameId(first));
      await expectSameText(entityPath(id), { alt: true });
    }
  });

  it("keeps a requested as_of, explicit empty include/extend and a batch of one id", async () => {
    const asOf = "2025-06-30T12:00:00.5+02:00";
    const text = await expectSameText(entityPath(MAIN, { as_of: asOf }));
    expect(JSON.parse(text).as_of).toBe(asOf);
    await expectSameText(entityPath(MAIN, { include: [], extend: [] }));
    await expectSameText("/entities/batch", { body: { ids: [SMALL] } });
  });

  it("reports the balance of the moment, after credits were spent", async () => {
    const ids = ["cb:identity:instagram:user_1", "cb:identity:instagram:user_2"];
    await expectSameText("/entities/batch", { body: { ids, dataset: "influencer" } });
    const text = await expectSameText(entityPath(MAIN));
    expect(JSON.parse(text).cost.balance).toBe(100_000 - 2);
  });

  it("gives every read its own request_id", async () => {
    const a = await call(cached(), entityPath(MAIN));
    const b = await call(cached(), entityPath(MAIN));
    expect(a.json.request_id).not.toBe(b.json.request_id);
  });
});
