import { describe, expect, it } from "vitest";
import { DEFAULTS, resolveServerOptions } from "./options.js";
import { isDateTime } from "./validate/fields.js";
import { charLength } from "./validate/query.js";

describe("resolveServerOptions", () => {
  it("fills the contract defaults", () => {
    const o = resolveServerOptions();
    expect(o).toMatchObject({
      host: "127.0.0.1",
      port: 0,
      rateLimit: 120,
      rateWindowMs: 60_000,
      callsPerDay: 10_000,
      recordsPerDay: 50_000,
    });
    expect(o.maxBodyBytes).toBe(DEFAULTS.maxBodyBytes);
    expect(o.mutations).toEqual([]);
  });

  it.each([
    [{ port: 70000 }, /port/],
    [{ orgs: 0 }, /orgs/],
    [{ orgs: 1_000_001 }, /orgs/],
    [{ rateLimit: 1.5 }, /rateLimit/],
    [{ mutation: "nope" }, /unknown mutation/],
    [{ faultPlan: { steps: [{ call: 0, status: 429, code: "volume_limit" }] } }, /call/],
  ])("rejects %j", (options, message) => {
    expect(() => resolveServerOptions(options)).toThrow(message);
  });
});

describe("field validators", () => {
  it.each([
    ["2026-01-01T00:00:00Z", true],
    ["2026-02-29T00:00:00Z", false],
    ["2024-02-29T23:59:60.5+01:00", false], // 22:59:60 UTC: no leap-second point (RFC 3339 §5.7)
    ["2024-02-29T23:59:60.5Z", true],
    ["2017-01-01T00:59:60.5+01:00", true],
    ["2026-01-15T12:00:60Z", false],
    ["2026-01-01t00:00:00.123456789z", true],
    ["2026-01-01", false],
    ["2026-01-01T24:00:00Z", false],
    ["2026-01-01T00:00:00+25:00", false],
  ])("isDateTime(%s) is %s", (text, ok) => {
    expect(isDateTime(text)).toBe(ok);
  });

  it("counts characters as code points", () => {
    expect(charLength("a😀b")).toBe(3);
    expect(charLength("\ud800")).toBe(1);
  });
});
