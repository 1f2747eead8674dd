import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeRealTimeTurn } from "../test-support/real-time-turn.js";
import { driveLoad } from "./drive-load.js";
import { createHistogram, recordMs, summarise } from "./latency-histogram.js";
import type { LoadProfile } from "./profile.js";
import { buildRequestMix } from "./request-mix.js";

// Never beside another real-time file (test-support/real-time-turn.ts).
takeRealTimeTurn();

/** A server that answers at once, except that it stalls once (request 30) for 400 ms. */
let server: Server;
let baseUrl: string;
let seen = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    seen++;
    const answer = () => res.writeHead(200, { "content-type": "application/json" }).end("{}");
    if (seen === 30) setTimeout(answer, 400);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const profile: LoadProfile = {
  name: "t",
  description: "t",
  scenario: "throughput",
  mix: [{ operation: "resolve" }],
  connections: 1,
  durationSeconds: 1.5,
};
const fixtures = {
  known_ids: [],
  org_ids: [],
  subunit_ids: [],
  missing_ids: [],
  influencer_ids: [],
  resolve_queries: ["a"],
};

describe("driveLoad", () => {
  it("at a fixed rate, measures from the intended send time: one stall shows in the corrected p99, not the uncorrected", async () => {
    seen = 0;
    const corrected = createHistogram();
    const uncorrected = createHistogram();
    const result = await driveLoad({
      baseUrl,
      apiKey: "k",
      requests: buildRequestMix(profile, fixtures, baseUrl),
      connections: 1,
      rate: 100,
      maxCalls: 10_000,
      durationSeconds: 1.5,
      onResponse: (s) => {
        recordMs(corrected, s.endedAt - s.intendedAt);
        recordMs(uncorrected, s.endedAt - s.sentAt);
      },
    });
    const c = summarise(corrected);
    const u = summarise(uncorrected);
    // ~150 responses: one took 400 ms; the ~40 sends it held back waited behind it.
    expect(result.responses).toBeGreaterThan(100);
    expect(u.p99Ms).toBeLessThan(100);
    expect(c.p99Ms).toBeGreaterThan(250);
    expect(c.p99Ms).toBeGreaterThan(4 * u.p99Ms);
    expect(c.maxMs).toBeGreaterThanOrEqual(399);
  });

  it("stops by itself at the call cap, whatever the duration", async () => {
    const started = performance.now();
    const result = await driveLoad({
      baseUrl,
      apiKey: "k",
      requests: buildRequestMix(profile, fixtures, baseUrl),
      connections: 2,
      maxCalls: 50,
      durationSeconds: 60,
      onResponse: () => {},
    });
    expect(result.sent).toBe(50);
    expect(result.responses).toBeLessThanOrEqual(50);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("at the call cap, lets the requests in flight answer before it ends", async () => {
    // The first answer comes at once and meets the cap; the other two come after autocannon's first
    // once-a-second sample, which used to end the drive and drop them.
    let n = 0;
    const slow = createServer((_req, res) => {
      const answer = () => res.writeHead(200, { "content-type": "application/json" }).end("{}");
      if (n++ === 0) answer();
      else setTimeout(answer, 1100);
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/v1`;
    try {
      const result = await driveLoad({
        baseUrl: url,
        apiKey: "k",
        requests: buildRequestMix(profile, fixtures, url),
        connections: 3,
        maxCalls: 3,
        durationSeconds: 60,
        onResponse: () => {},
      });
      expect(result).toMatchObject({ sent: 3, responses: 3, transportErrors: 0 });
    } finally {
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});
