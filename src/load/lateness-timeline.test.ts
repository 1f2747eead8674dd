/**
 * Each moment's lateness, from the longest hold-up of each slice of a phase: an event is discounted by the
 * hold-ups that may have delayed it (recorded in a slice that meets the moment or follows it within the
 * longest hold-up), not by the worst moment of the whole phase.
 */
import { describe, expect, it } from "vitest";
import { LatenessRecorder, latenessTimeline, SLICE_MS, SliceSampler } from "./lateness-timeline.js";

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

describe("SliceSampler", () => {
  /** Ticks every 5 ms from 0 to `until`, but none inside the hold-ups (`[from, to)`: the loop was held). */
  function sampled(until: number, holds: [from: number, to: number][], start = 0) {
    const sampler = new SliceSampler(5, start);
    for (let t = start + 5; t <= until; t += 5) {
      const held = holds.find(([from, to]) => t >= from && t < to);
      if (held) {
        t = held[1] - 5;
        sampler.tick(held[1]);
      } else sampler.tick(t);
    }
    sampler.tick(until, true);
    return sampler.slices;
  }

  it("cuts slices of SLICE_MS, each with no hold-up when every tick came on time", () => {
    const slices = sampled(100, []);
    expect(slices.map((s) => [s.from, s.to, s.maxMs])).toEqual([
      [0, SLICE_MS, 0],
      [25, 50, 0],
      [50, 75, 0],
      [75, 100, 0],
      [100, 100, 0],
    ]);
  });

  it("records a hold-up that began just after a cut, in the slice where it ended (Node's monitor lost it)", () => {
    // Cut at 25; the loop held from 26 to 106: the tick due at 30 comes at 106, 81 ms after the one at 25.
    const slices = sampled(150, [[26, 106]]);
    const at = latenessTimeline(slices, 81, 0);
    expect(Math.max(...slices.map((s) => s.maxMs))).toBe(76);
    expect(at(26)).toBe(76);
    expect(at(120)).toBe(0);
  });

  it("records a hold-up across a cut that fell due during it, by the tick before it", () => {
    // The last tick before it was at 45; the next came at 130 (the cut due at 50 with it): 85 ms, 80 held.
    const slices = sampled(150, [[48, 130]]);
    expect(slices.find((s) => s.from <= 130 && s.to >= 130)?.maxMs).toBe(80);
  });

  it("keeps at most its bound of slices, the last one growing to the end with the largest hold-up", () => {
    const sampler = new SliceSampler(5, 0, 2);
    for (const t of [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 140, 145]) sampler.tick(t);
    sampler.tick(150, true);
    expect(sampler.slices).toEqual([
      { from: 0, to: 25, maxMs: 0 },
      { from: 25, to: 150, maxMs: 85 },
    ]);
    // The longest a hold-up can have been: the 90 ms between the ticks at 50 and 140.
    expect(sampler.longestMs).toBe(90);
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

  it("records a hold-up that begins as soon as it starts, before any sample (the first slice's cut comes late)", async () => {
    const recorder = new LatenessRecorder(5);
    const blockedAt = performance.now();
    while (performance.now() - blockedAt < 80);
    await new Promise((r) => setTimeout(r, 30));
    const at = recorder.stop(85, 0);
    // Node's delay monitor records nothing until its second sample: this read 55 ms, the cut's lateness alone.
    expect(at(blockedAt)).toBeGreaterThanOrEqual(70);
  });

  it("reaches back as far as its own longest hold-up when the caller's horizon is shorter", async () => {
    const recorder = new LatenessRecorder(5);
    await new Promise((r) => setTimeout(r, 40));
    const blockedAt = performance.now();
    while (performance.now() - blockedAt < 80);
    await new Promise((r) => setTimeout(r, 30));
    // A caller whose monitor saw nothing (horizon 0): a moment 20 ms before the hold-up may still have been
    // delayed by it.
    const at = recorder.stop(0, 0);
    expect(at(blockedAt - 20)).toBeGreaterThanOrEqual(70);
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
