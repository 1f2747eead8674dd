/**
 * Each moment's lateness, from the longest hold-up of each slice of a phase: an event is discounted by the
 * hold-ups that may have delayed it (recorded in a slice that meets the moment or follows it within the
 * longest hold-up), not by the worst moment of the whole phase.
 */
import { describe, expect, it } from "vitest";
import { LatenessRecorder, latenessTimeline, SLICE_MS, sliceHoldUpMs } from "./lateness-timeline.js";

const slices = [
  { from: 0, to: 25, maxMs: 1 },
  { from: 25, to: 50, maxMs: 0 },
  { from: 50, to: 75, maxMs: 30 }, // a collection of garbage, recorded when the loop ran again
  { from: 75, to: 100, maxMs: 2 },
  { from: 100, to: 125, maxMs: 0 },
];

describe("latenessTimeline", () => {
  it("gives a quiet moment its own slice's figure, and a moment a later hold-up may have delayed that hold-up", () => {
    const at = latenessTimeline(slices, 30, 9);
    expect(at(5)).toBe(1);
    // 30 ms of horizon from 22 reaches the slice that recorded the 30 ms hold-up: it may have begun by then.
    expect(at(22)).toBe(30);
    expect(at(60)).toBe(30);
    expect(at(80)).toBe(2);
    expect(at(110)).toBe(0);
  });

  it("with a short horizon, a hold-up reaches back no further than its length", () => {
    const at = latenessTimeline(slices, 5, 9);
    expect(at(22)).toBe(1);
    expect(at(47)).toBe(30);
  });

  it("outside the slices, or without any, every moment gets the phase's own figure", () => {
    expect(latenessTimeline(slices, 30, 9)(-1)).toBe(9);
    expect(latenessTimeline(slices, 30, 9)(126)).toBe(9);
    expect(latenessTimeline([], 30, 9)(10)).toBe(9);
  });
});

describe("sliceHoldUpMs", () => {
  it("takes the delay monitor's longest sample, its resolution off, for a slice that ended on time", () => {
    expect(sliceHoldUpMs(6, 5, SLICE_MS)).toBe(1);
    expect(sliceHoldUpMs(35, 5, SLICE_MS + 2)).toBe(30);
    expect(sliceHoldUpMs(0, 5, SLICE_MS)).toBe(0);
  });

  it("takes the slice's own lateness when the monitor lost the sample (its reset forgets its last one)", () => {
    // An 80 ms hold-up that began just before the cut fell due: the monitor's samples hold nothing of it.
    expect(sliceHoldUpMs(0, 5, SLICE_MS + 78)).toBe(78);
    expect(sliceHoldUpMs(12, 5, SLICE_MS + 78)).toBe(78);
  });
});

describe("LatenessRecorder", () => {
  it("records a hold-up of this process's loop at its moment", async () => {
    const recorder = new LatenessRecorder(5);
    await new Promise((r) => setTimeout(r, 60));
    const blockedAt = performance.now();
    while (performance.now() - blockedAt < 80); // the loop held up for 80 ms
    await new Promise((r) => setTimeout(r, 60));
    const at = recorder.stop(85, 0);
    // A busy machine can only add to it: at least the hold-up, less the sampling resolution and some slack.
    expect(at(blockedAt + 10)).toBeGreaterThanOrEqual(60);
  });

  it("keeps at most its bound of slices, the last one growing to the end (still sound)", async () => {
    const recorder = new LatenessRecorder(5, 1);
    await new Promise((r) => setTimeout(r, 60));
    const blockedAt = performance.now();
    while (performance.now() - blockedAt < 80);
    // The hold-up is recorded once the loop turns again.
    await new Promise((r) => setTimeout(r, 20));
    const at = recorder.stop(85, 0);
    expect(at(blockedAt)).toBeGreaterThanOrEqual(60);
    expect(at(blockedAt - 50)).toBeGreaterThanOrEqual(60);
  });
});
