import { afterEach, describe, expect, it } from "vitest";
import { Limiter, msUntilUtcMidnight } from "./limiter.js";
import { call, entityPath, stubServer } from "./test-support/harness.js";
import { STUB } from "./test-support/stub-graph.js";
import type { RunningServer } from "./types.js";

const MAIN = `cb:org:${STUB.main}`;
const config = { rateLimit: 3, rateWindowMs: 10_000, callsPerDay: 5, recordsPerDay: 100 };

describe("Limiter", () => {
  it("admits rateLimit calls per sliding window and says when the next is allowed", () => {
    const l = new Limiter(config);
    expect(l.admit("a", 1000).ok).toBe(true);
    expect(l.admit("a", 2000).ok).toBe(true);
    expect(l.admit("a", 3000).ok).toBe(true);
    expect(l.admit("a", 3500)).toEqual({ ok: false, retryAfterMs: 7500, reason: "window" });
    expect(l.admit("b", 3500).ok).toBe(true);
    expect(l.admit("a", 11_001).ok).toBe(true);
  });

  it("stops at calls per day and records per day until UTC midnight", () => {
    const l = new Limiter({ ...config, rateLimit: 100 });
    const now = Date.UTC(2026, 0, 1, 23, 0, 0);
    for (let i = 0; i < 5; i++) expect(l.admit("a", now + i).ok).toBe(true);
    expect(l.admit("a", now + 10)).toEqual({
      ok: false,
      retryAfterMs: msUntilUtcMidnight(now + 10),
      reason: "day",
    });
    expect(l.admit("a", now + 3_600_000).ok).toBe(true);
    l.meter("b", now, 100, 0);
    expect(l.admit("b", now + 1)).toMatchObject({ ok: false, reason: "records" });
  });
});

describe("rate limiting over HTTP", () => {
  let server: RunningServer;
  afterEach(() => server.close());

  // Four calls must fit in a 1.5 s window; a busy CI machine can stretch one round past it, hence the retries.
  it("answers 429 volume_limit with a whole-second Retry-After ≥ 1 and counts every authenticated call", {
    retry: 2,
  }, async () => {
    server = await stubServer({ rateLimit: 3, rateWindowMs: 1500 });
    expect((await call(server, entityPath(MAIN))).status).toBe(200);
    expect((await call(server, "/resolve")).status).toBe(400);
    expect((await call(server, "/me")).status).toBe(200);
    expect((await call(server, "/me", { key: "none" })).status).toBe(401);
    const r = await call(server, entityPath(MAIN));
    expect(r.status).toBe(429);
    expect(r.json).toEqual({ error: { code: "volume_limit" } });
    expect(r.headers.get("retry-after")).toMatch(/^[1-9][0-9]*$/);
    expect(Number(r.headers.get("retry-after"))).toBe(2);
    await new Promise((res) => setTimeout(res, Number(r.headers.get("retry-after")) * 1000));
    expect((await call(server, entityPath(MAIN))).status).toBe(200);
  });

  it("does not leak under a concurrent burst, and limits a team key on the team bucket", async () => {
    server = await stubServer({ rateLimit: 10, rateWindowMs: 60_000 });
    const burst = await Promise.all(Array.from({ length: 40 }, () => call(server, entityPath(MAIN))));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(10);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(30);
    expect((await call(server, entityPath(MAIN), { key: "team" })).status).toBe(200);
  });

  it("limits records per day", async () => {
    server = await stubServer({ recordsPerDay: 2, rateLimit: 100 });
    expect(
      (await call(server, "/entities/batch", { body: { ids: [MAIN, `cb:org:${STUB.small}`] } })).status,
    ).toBe(200);
    const r = await call(server, entityPath(MAIN));
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});
