/**
 * Progress output: a bar on a terminal only, nothing of it in CI logs or with --quiet, and never a key.
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { progressOutput } from "./progress-output.js";

const KEY = "cbk_live_progress_Secret123";

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
  const progress = progressOutput({
    quiet: settings.quiet,
    secrets: [KEY],
    stream: out.stream,
    env: settings.env,
  });
  const bar = progress.bar("cbcheck run", 4);
  bar.update(1, `suite schema · 12 calls · echoed ${KEY}`);
  progress.say(`[schema] a target echoed Bearer ${KEY}`);
  bar.update(2, "suite negative");
  progress.stop();
  return out.text();
}

describe("progressOutput", () => {
  it("draws the bar on a terminal, with the planned total and the current suite, and no key", () => {
    const text = drive({ isTTY: true, quiet: false });
    expect(text).toContain("cbcheck run");
    expect(text).toMatch(/\d\/4/);
    expect(text).toContain("suite negative");
    expect(text).toContain("a target echoed Bearer <redacted>");
    expect(text).not.toContain(KEY);
  });

  it("draws no bar off a terminal (CI logs): event lines only, redacted", () => {
    for (const settings of [
      { isTTY: false, quiet: false },
      { isTTY: true, quiet: false, env: { CI: "true" } },
    ]) {
      const text = drive(settings);
      expect(text).toBe("[schema] a target echoed Bearer <redacted>\n");
    }
  });

  it("prints nothing with --quiet", () => {
    expect(drive({ isTTY: true, quiet: true })).toBe("");
    expect(drive({ isTTY: false, quiet: true })).toBe("");
  });
});
