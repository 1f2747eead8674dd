/**
 * Entity reads with `extend` serve each organisation's extension values from text cached on first use
 * (`ops/extensions-text.ts`). It must be the very text the general path builds: a server with an unrelated
 * seeded bug on takes the general path for every read, so the two are compared byte for byte.
 */
import { describe, expect, it } from "vitest";
import { cachedVersusGeneral } from "./test-support/cached-vs-general.js";
import { entityPath } from "./test-support/harness.js";
import { STUB } from "./test-support/stub-graph.js";

const MAIN = `cb:org:${STUB.main}`;
const SMALL = `cb:org:${STUB.small}`;
const PLAIN = `cb:org:${STUB.plain}`;
const EXTENSIONS = ["financial_history", "subunits", "web_identities", "group_parent"];
const { expectSameText } = cachedVersusGeneral();

describe("extensions from cached text", () => {
  it("is byte for byte the general path's text for every extension, single and batch, first and later", async () => {
    for (let round = 0; round < 2; round++) {
      for (const ext of EXTENSIONS) {
        for (const id of [MAIN, SMALL, STUB.person]) await expectSameText(entityPath(id, { extend: [ext] }));
        // Reverse order and an unknown id: the keys come out as the general path orders them.
        const ids = [PLAIN, STUB.missing, SMALL, MAIN, STUB.person];
        const text = await expectSameText("/entities/batch", { body: { ids, extend: [ext] } });
        expect(Object.keys(JSON.parse(text).data.extensions[ext])).toEqual([
          STUB.main,
          STUB.small,
          STUB.plain,
        ]);
      }
    }
  });

  it("keeps the extension order asked for, the caps (1,000 single, 50 in a batch) and the cut list", async () => {
    const extend = ["web_identities", "subunits", "financial_history", "group_parent"];
    const single = JSON.parse(await expectSameText(entityPath(MAIN, { extend })));
    expect(Object.keys(single.data.extensions)).toEqual(extend);
    expect(single.data.extensions.subunits[STUB.main]).toHaveLength(1000);
    expect(single.data.extensions_truncated).toEqual({ subunits: [STUB.main] });
    const batch = JSON.parse(
      await expectSameText("/entities/batch", { body: { ids: [SMALL, MAIN], extend } }),
    );
    expect(batch.data.extensions.subunits[STUB.main]).toHaveLength(50);
    expect(batch.data.extensions_truncated).toEqual({ subunits: [STUB.main] });
  });
});
