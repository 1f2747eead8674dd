/**
 * The open model's schedule split over segments: every connection of every segment sends, at each of its
 * slots, the whole run's slot at the whole run's time and with the whole run's request; together they cover
 * the run's slots exactly once, whatever N, the connections of each segment and the length of the mix.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partOf, type Segment } from "./segment.js";
import { ConnectionSchedule, connectionRequests } from "./send-schedule.js";

const segmentsOf = (count: number): Segment[] =>
  Array.from({ length: count }, (_, i) => ({ index: i + 1, count }));

describe("connectionRequests and ConnectionSchedule in segments", () => {
  it("each send of each connection is the run's slot at its time with its request; the slots are the run's, once each", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 120 }),
        fc.double({ min: 1, max: 5000, noNaN: true }),
        (n, wholeConnections, length, rate) => {
          const mix = Array.from({ length }, (_, i) => i);
          const slotsOfRun = 3 * length + 7;
          const sent: number[] = [];
          for (const s of segmentsOf(n)) {
            // The open model keeps at least one connection per segment.
            const connections = Math.max(1, partOf(wholeConnections, s));
            for (let c = 0; c < connections; c++) {
              const requests = connectionRequests(mix, c, connections, s);
              const schedule = new ConnectionSchedule(0, rate / n, connections, c, s);
              for (let k = 0; ; k++) {
                const due = schedule.nextDue();
                const slot = Math.round((due * rate) / 1000);
                expect(due).toBeCloseTo((slot * 1000) / rate, 6);
                if (slot >= slotsOfRun) break;
                expect(requests[k % requests.length]).toBe(mix[slot % length]);
                sent.push(slot);
              }
            }
          }
          expect(sent.sort((a, b) => a - b)).toEqual(Array.from({ length: slotsOfRun }, (_, j) => j));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("holds one period of the connection's requests (the same objects, no copies)", () => {
    const mix = [{ r: 0 }, { r: 1 }, { r: 2 }, { r: 3 }, { r: 4 }, { r: 5 }];
    const list = connectionRequests(mix, 1, 2, { index: 2, count: 3 });
    // Slots 1·3 + 1 = 4, then every 2·3 = 6: 4 mod 6 every time.
    expect(list).toEqual([mix[4]]);
    expect(list[0]).toBe(mix[4]);
    expect(connectionRequests(mix, 0, 1)).toEqual(mix);
  });
});
