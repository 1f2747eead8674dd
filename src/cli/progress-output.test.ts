/**
 * Progress output: a bar on a terminal only, nothing of it in CI logs or with --quiet, and nothing a target
 * sent acts on the terminal (the lines come redacted from the commands: see src/runner/engine.ts).
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { progressOutput } from "./progress-output.js";

/** A screen clear, a window title (OSC 0), a hyperlink (OSC 8), a bidi override, a forged line. */
const HOSTILE = "\x1b[2J\x1b]0;pwned\x07\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\ \u202eabc\nPASS forged";

/** A stream that collects what is written; `isTTY` as a terminal's. */
function sink(isTTY: boolean) {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  }) as Writable & { isTTY?: boolean; columns?: number };
  stream.isTTY = isTTY;
  stream.columns = 120;
  return { stream, text: () => text };
}

function drive(settings: { isTTY: boolean; quiet: boolean; env?: Record<string, string> }) {
  const out = sink(settings.isTTY);
  const progress = progressOutput({ quiet: settings.quiet, stream: out.stream, env: settings.env });
  const bar = progress.bar("cbcheck run", 4);
  bar.update(1, `suite schema · 12 calls · echoed ${HOSTILE}`);
  progress.say(`[schema] a target sent ${HOSTILE}`);
  bar.update(2, "suite negative");
  progress.stop();
  return out.text();
}

describe("progressOutput", () => {
  it("draws the bar on a terminal, with the planned total and the current suite, and no control sequence of a target's", () => {
    const text = drive({ isTTY: true, quiet: false });
    expect(text).toContain("cbcheck run");
    expect(text).toMatch(/\d\/4/);
    expect(text).toContain("suite negative");
    expect(text).toContain(String.raw`a target sent \x1b[2J\x1b]0;pwned\x07\x1b]8;;http://evil`);
    expect(text).not.toMatch(/\x1b\]|\x1b\[2J|\u202e|\x07/);
  });

  it("draws no bar off a terminal (CI logs): event lines only, one line each, controls escaped", () => {
    for (const settings of [
      { isTTY: false, quiet: false },
      { isTTY: true, quiet: false, env: { CI: "true" } },
    ]) {
      const text = drive(settings);
      expect(text).toBe(
        String.raw`[schema] a target sent \x1b[2J\x1b]0;pwned\x07\x1b]8;;http://evil\x1b\link\x1b]8;;\x1b\ \u202eabc\nPASS forged` +
          "\n",
      );
    }
  });

  it("prints nothing with --quiet", () => {
    expect(drive({ isTTY: true, quiet: true })).toBe("");
    expect(drive({ isTTY: false, quiet: true })).toBe("");
  });
});
