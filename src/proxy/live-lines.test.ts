import { describe, expect, it } from "vitest";
import { LINES_PER_SECOND, LiveLines } from "./live-lines.js";

function fakeClock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("live lines", () => {
  it("shows a few lines per rule and second, then one summary of the rest", () => {
    const clock = fakeClock();
    const out: string[] = [];
    const lines = new LiveLines((l) => out.push(l), clock.now);
    // 5,000 findings of one rule in a second, and one of another.
    for (let i = 0; i < 5000; i++) {
      lines.line("client.wait_retry_after", `wait ${i}`);
      clock.advance(0.2);
    }
    lines.line("client.bearer_auth", "bearer");
    expect(out).toEqual([...Array.from({ length: LINES_PER_SECOND }, (_, i) => `wait ${i}`), "bearer"]);
    clock.advance(1);
    lines.tick();
    expect(out.at(-1)).toBe("… 4,995 more client.wait_retry_after line(s) in 1.0 s (not shown)");
    // A new second shows lines again; findings counted without a line join the summary.
    lines.line("client.wait_retry_after", "wait again");
    lines.more("client.wait_retry_after", 41);
    expect(out.at(-1)).toBe("wait again");
    clock.advance(300);
    lines.flush();
    expect(out.at(-1)).toBe("… 41 more client.wait_retry_after line(s) in 0.3 s (not shown)");
    expect(out).toHaveLength(LINES_PER_SECOND + 4);
  });

  it("writes no summary for a window with nothing held back", () => {
    const clock = fakeClock();
    const out: string[] = [];
    const lines = new LiveLines((l) => out.push(l), clock.now);
    lines.line("a", "one");
    clock.advance(5000);
    lines.tick();
    lines.flush();
    expect(out).toEqual(["one"]);
  });
});
