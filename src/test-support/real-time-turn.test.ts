import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { realTimeTurn } from "./real-time-turn.js";

// A lock of its own: the run's real lock may be held by a real-time file running beside this one.
const dir = mkdtempSync(join(tmpdir(), "cbcheck-turn-"));
const path = join(dir, "turn");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("realTimeTurn", () => {
  it("lets one file at a time hold the turn: the next waits until it is given back", async () => {
    const releaseFirst = await realTimeTurn({ path });
    let second: (() => Promise<void>) | undefined;
    const waiting = realTimeTurn({ path, waitMs: 10_000, pollMs: 50 }).then((release) => {
      second = release;
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(second).toBeUndefined();
    await releaseFirst();
    await waiting;
    expect(second).toBeTypeOf("function");
    await second?.();
  });

  it("gives up after its longest wait, saying the turn is held", async () => {
    const release = await realTimeTurn({ path });
    try {
      await expect(realTimeTurn({ path, waitMs: 200, pollMs: 50 })).rejects.toThrow(
        /already being held|ELOCKED/,
      );
    } finally {
      await release();
    }
  });
});
