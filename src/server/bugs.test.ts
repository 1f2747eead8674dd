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
      expect(bugSettings(id), id).not.toEqual(NO_BUGS);
    }
  });

  it("is the conforming behaviour with no bug on", () => {
    expect(bugSettings(null)).toBe(NO_BUGS);
    expect(replyBendOf(null)).toBeNull();
    expect(replyBendOf("edges-51")).toBeNull();
    expect(bugSettings("content-type-html")).toBe(NO_BUGS);
  });
});
