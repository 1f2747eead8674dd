/**
 * N segments of an open-model drive send what one drive of the whole run sends: the same requests, slot for
 * slot (slot j of the run carries request j of the mix, and belongs to segment (j mod N) + 1). Real drives
 * against a loopback server that records what it was asked; the call cap stops each drive after its part.
 * One connection per drive: a connection sends its slots in order whatever the machine's load, so the cap
 * leaves exactly the first slots sent (with several, which ones the cap cuts depends on timing; the slots
 * of several connections are held to the whole run's by `send-schedule.test.ts`).
 */
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackServer, listenOnLoopback } from "../test-support/loopback-server.js";
import { driveLoad } from "./drive-load.js";
import type { PreparedRequest } from "./request-mix.js";
import { globalSlot, partOf, type Segment, WHOLE_RUN } from "./segment.js";

/** Seven distinct requests: a mix length prime to the segment counts below, so every slot is told apart. */
const MIX: PreparedRequest[] = Array.from({ length: 7 }, (_, i) => ({
  name: `r${i}`,
  operation: "resolve",
  method: "GET",
  path: `/resolve?query=r${i}`,
  expect: { statuses: [200] },
  recorded: { method: "GET", baseUrl: "", path: "/resolve", query: { query: `r${i}` }, headers: {} },
}));

let server: LoopbackServer;
/** What the server was asked, per segment (a header says which segment sent it). */
const asked = new Map<string, string[]>();

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((req, res) => {
      const from = String(req.headers.authorization);
      asked.set(from, [
        ...(asked.get(from) ?? []),
        new URL(req.url ?? "", "http://x").searchParams.get("query") ?? "",
      ]);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    }),
  );
});
afterAll(() => server.close());

const CALLS = 60;
const RATE = 300;

function drive(segment: Segment) {
  return driveLoad({
    baseUrl: server.baseUrl,
    apiKey: `segment-${segment.index}-of-${segment.count}`,
    requests: MIX,
    connections: 1,
    rate: RATE / segment.count,
    maxCalls: partOf(CALLS, segment),
    durationSeconds: 10,
    onResponse: () => {},
    segment,
  });
}

const sorted = (xs: string[]) => [...xs].sort();

describe("open-model drives split in segments", () => {
  const counts = [2, 3, 4];
  const segmentsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ index: i + 1, count: n }));

  beforeAll(async () => {
    // Every drive side by side, as N processes would run (each is told apart by its key).
    await Promise.all([WHOLE_RUN, ...counts.flatMap(segmentsOf)].map(drive));
  });

  it("the whole run sends slot j's request, request j of the mix, for every slot", () => {
    const whole = asked.get("Bearer segment-1-of-1") ?? [];
    expect(sorted(whole)).toEqual(sorted(Array.from({ length: CALLS }, (_, g) => `r${g % MIX.length}`)));
  });

  it.each(counts)("%i segments together send the whole run's requests, each segment its own slots", (n) => {
    const union: string[] = [];
    for (const s of segmentsOf(n)) {
      const mine = asked.get(`Bearer segment-${s.index}-of-${n}`) ?? [];
      const slots = Array.from({ length: partOf(CALLS, s) }, (_, local) => globalSlot(local, s));
      expect(sorted(mine)).toEqual(sorted(slots.map((g) => `r${g % MIX.length}`)));
      union.push(...mine);
    }
    expect(sorted(union)).toEqual(sorted(asked.get("Bearer segment-1-of-1") ?? []));
  });
});

describe("the end of an open-model drive", () => {
  it("never sends a slot due at or after its end, even when that slot's timer fires early", async () => {
    // 40 requests/s for 0.5 s on one connection: slots at 0, 25, …, 475 ms; the 21st is due exactly at the
    // end. A timer fires up to a millisecond early, so without the due-time check it was sometimes sent.
    const drives = Array.from({ length: 6 }, (_, i) =>
      driveLoad({
        baseUrl: server.baseUrl,
        apiKey: `end-${i}`,
        requests: MIX,
        connections: 1,
        rate: 40,
        maxCalls: 1000,
        durationSeconds: 0.5,
        onResponse: () => {},
      }),
    );
    for (const result of await Promise.all(drives)) expect(result.sent).toBeLessThanOrEqual(20);
  });
});
