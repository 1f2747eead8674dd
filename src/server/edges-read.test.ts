/**
 * Entity reads with `include` serve each edge from text cached on first use (`ops/edge-text.ts`). It must
 * be the very text the general path builds: a server with an unrelated seeded bug on takes the general path
 * for every read, so the two are compared byte for byte, page after page.
 */
import { describe, expect, it } from "vitest";
import { cachedVersusGeneral } from "./test-support/cached-vs-general.js";
import { entityPath } from "./test-support/harness.js";
import { STUB } from "./test-support/stub-graph.js";

const MAIN = `cb:org:${STUB.main}`;
const SMALL = `cb:org:${STUB.small}`;
const { expectSameText } = cachedVersusGeneral();

describe("edges from cached text", () => {
  it("is byte for byte the general path's text on every page, single and batch, first and later", async () => {
    for (let round = 0; round < 2; round++) {
      let cursor: unknown = null;
      let pages = 0;
      do {
        const params: Record<string, unknown> = { include: ["*"] };
        if (cursor !== null) params.cursor = cursor;
        const body = JSON.parse(await expectSameText(entityPath(MAIN, params)));
        expect(body.data.edges.length).toBeGreaterThan(0);
        cursor = body.cursor;
        pages++;
      } while (cursor !== null && pages < 10);
      expect(pages).toBeGreaterThan(1);
      const batch = { ids: [SMALL, MAIN, STUB.person, STUB.missing], include: ["*"] };
      await expectSameText("/entities/batch", { body: batch });
      await expectSameText(entityPath(STUB.missing, { include: ["*"] }));
    }
  });
});
