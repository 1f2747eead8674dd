import { describe, expect, it } from "vitest";
import { BUG_SETTINGS, bugSettings, NO_BUGS } from "./bugs.js";
import { REPLY_BENDS, replyBendOf } from "./http/mutate.js";
import { MUTATIONS } from "./mutations.js";

describe("seeded bugs as typed settings and reply interceptors", () => {
  it("gives every mutation exactly one effect: settings or a reply bend", () => {
    for (const { id } of MUTATIONS) {
      const effects = [id in BUG_SETTINGS, id in REPLY_BENDS].filter(Boolean);
      expect(effects, id).toHaveLength(1);
    }
    const known = new Set<string>(MUTATIONS.map((m) => m.id));
    for (const id of [...Object.keys(BUG_SETTINGS), ...Object.keys(REPLY_BENDS)]) expect(known).toContain(id);
  });

  it("changes at least one setting away from the conforming behaviour for each settings bug", () => {
    for (const { id } of MUTATIONS) {
      if (!(id in BUG_SETTINGS)) continue;
      expect(bugSettings([id]), id).not.toEqual(NO_BUGS);
    }
  });

  it("is the conforming behaviour with no bug on", () => {
    expect(bugSettings([])).toBe(NO_BUGS);
    expect(replyBendOf([])).toBeNull();
    expect(replyBendOf(["edges-51"])).toBeNull();
    expect(bugSettings(["content-type-html"])).toBe(NO_BUGS);
  });

  it("switches several bugs on at once: their settings merged, their reply bends applied in turn", () => {
    const bugs = bugSettings(["edges-51", "org-employees-string", "content-type-html"]);
    expect(bugs).toMatchObject({ ...BUG_SETTINGS["edges-51"], ...BUG_SETTINGS["org-employees-string"] });
    const bend = replyBendOf(["envelope-extra-field", "envelope-contract-v2", "edges-51"]);
    const reply = { status: 200, headers: {}, body: { contract: "cb/v1", cost: {} } };
    expect(bend?.(reply, { base: "v1", operation: "resolve", n: 1 }).body).toMatchObject({
      contract: "cb/v2",
      debug: { shard: 3 },
    });
  });
});
