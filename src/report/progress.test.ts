import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createProgress } from "./progress.js";

function collect() {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on("data", (c: Buffer) => chunks.push(c.toString("utf8")));
  return { stream, text: () => chunks.join("") };
}

describe("createProgress without a TTY", () => {
  it("prints one line per 10 % and on stop, not one per update", () => {
    const out = collect();
    const t = 0;
    const p = createProgress({ total: 100, label: "run", stream: out.stream, isTTY: false, now: () => t });
    for (let i = 1; i <= 99; i++) p.update(i, "resolve");
    p.stop();
    const lines = out.text().trim().split("\n");
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe("run: 1/100 (1%) resolve");
    expect(lines.at(-1)).toBe("run: 99/100 (99%) resolve");
  });

  it("prints at most one line per interval when the total is unknown", () => {
    const out = collect();
    let t = 0;
    const p = createProgress({
      label: "load",
      stream: out.stream,
      isTTY: false,
      now: () => t,
      intervalMs: 2000,
    });
    for (let i = 0; i < 50; i++) {
      p.increment();
      t += 100;
    }
    p.log("a separate line");
    p.stop();
    expect(out.text().trim().split("\n")).toEqual([
      "load: 1",
      "load: 21",
      "load: 41",
      "a separate line",
      "load: 50",
    ]);
  });
});

describe("createProgress on a TTY", () => {
  it("draws a bar with the label and logs lines through it", () => {
    const out = collect();
    Object.assign(out.stream, {
      isTTY: true,
      columns: 80,
      cursorTo: () => true,
      clearLine: () => true,
      moveCursor: () => true,
    });
    const p = createProgress({ total: 10, label: "suite", stream: out.stream, isTTY: true });
    p.update(5, "half");
    p.log("hello");
    p.increment();
    p.stop();
    expect(out.text()).toContain("suite");
    expect(out.text()).toContain("hello");
  });
});
