import { describe, expect, it } from "vitest";
import type { ResponseEvent } from "./run-phase.js";
import { max2xxInWindow } from "./scenario-rate-limit.js";

const ev = (sentAt: number, status: number): ResponseEvent => ({
  name: "x",
  status,
  sentAt,
  endedAt: sentAt + 1,
});

describe("max2xxInWindow", () => {
  it("counts 2xx whose requests were sent within any span of the window", () => {
    const events = [ev(0, 200), ev(10, 200), ev(20, 429), ev(1500, 200), ev(2100, 200), ev(2200, 200)];
    expect(max2xxInWindow(events, 2000)).toBe(3); // 10, 1500 and 2100 (or 1500, 2100, 2200)
    expect(max2xxInWindow(events, 100)).toBe(2);
    expect(max2xxInWindow([], 1000)).toBe(0);
  });

  it("ignores non-2xx statuses", () => {
    expect(max2xxInWindow([ev(0, 429), ev(1, 500), ev(2, 204)], 1000)).toBe(1);
  });
});
