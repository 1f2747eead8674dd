import { describe, expect, it } from "vitest";
import type { LoadProfile } from "./profile.js";
import { buildRequestMix } from "./request-mix.js";
import { headerRecord, wireRequests } from "./wire-requests.js";

const fixtures = {
  known_ids: [],
  org_ids: ["cb:org:123456789"],
  subunit_ids: [],
  missing_ids: [],
  influencer_ids: [],
  resolve_queries: ["a"],
};
const profile: LoadProfile = {
  name: "t",
  description: "t",
  scenario: "batch-limits",
  mix: [
    { operation: "entity-get", weight: 3, ids: "fixture" },
    { operation: "entity-batch", weight: 1, ids: "generated", count: 1, bodyBytes: 2 * 1024 * 1024 },
  ],
  connections: 8,
  durationSeconds: 1,
};

describe("wireRequests", () => {
  it("gives a repeated request one shared object, and builds a 2 MiB body only once, on its first send", () => {
    const mix = buildRequestMix(profile, fixtures, "http://127.0.0.1:1/v1");
    const wire = wireRequests(mix, "/v1", () => undefined);
    expect(wire).toHaveLength(mix.length);
    const large = wire.filter((w) => typeof w.body === "string" && w.body.length > 1_000_000);
    // The oversize request comes up 16 times in the mix: one object, so its bytes exist once.
    expect(large.length).toBeGreaterThan(1);
    expect(new Set(large).size).toBe(1);
    expect(new Set(wire).size).toBe(new Set(mix).size);
    // autocannon builds requests that have a setupRequest when they come up, not ahead of time; this one
    // removes itself when called, so the bytes built on the first send are kept for every later one.
    const oversize = large[0];
    expect(typeof oversize.setupRequest).toBe("function");
    const setup = oversize.setupRequest as (r: typeof oversize, c: object) => typeof oversize;
    expect(setup(oversize, {})).toBe(oversize);
    expect(oversize.setupRequest).toBeUndefined();
    expect(wire.filter((w) => w.setupRequest !== undefined)).toEqual([]);
  });
});

describe("headerRecord", () => {
  it("lower-cases names and joins repeated fields with ', ', whatever the case of their names", () => {
    expect(
      headerRecord({
        "Content-Type": "application/json",
        "set-cookie": ["a=1", "b=2"],
        "X-A": "1",
        "x-a": "2",
      }),
    ).toEqual({ "content-type": "application/json", "set-cookie": "a=1, b=2", "x-a": "1, 2" });
    expect(headerRecord(undefined)).toEqual({});
  });
});
