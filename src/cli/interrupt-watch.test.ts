import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { watchInterrupts } from "./interrupt.js";

describe("watchInterrupts", () => {
  it("aborts at the first signal, and at a second says it quits without reports before exiting", () => {
    const said: string[] = [];
    const exits: number[] = [];
    const signals = new EventEmitter();
    const watch = watchInterrupts({ signals, exit: (code) => exits.push(code) }, (line) => said.push(line));
    try {
      signals.emit("SIGINT");
      expect(watch.signal.aborted).toBe(true);
      expect(watch.received()).toBe("SIGINT");
      expect(exits).toEqual([]);
      signals.emit("SIGTERM");
      expect(said.at(-1)).toBe(
        "cbcheck: SIGTERM received again: quitting at once; the reports were not written",
      );
      expect(exits).toEqual([130]);
    } finally {
      watch.dispose();
    }
  });
});
