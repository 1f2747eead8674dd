/**
 * The seeded load bugs show on a held-up harness too: a starved machine delivers a burst's calls one by one,
 * some milliseconds apart, not at once. The bugs keep their state open for LOAD_BUG_HOLD_MS, longer than such
 * gaps; with 10 ms, `cbcheck load` saw no leak in three rounds of a CI run (exit 2 where 1 was due).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { call, entityPath, stubServer, type TestResponse } from "../test-support/harness.js";
import { STUB } from "../test-support/stub-graph.js";
import type { RunningServer } from "../types.js";
import { LOAD_BUG_HOLD_MS } from "./load-bugs.js";

/** Calls made `gapMs` apart (each started before the previous is answered), their answers in order. */
async function staggered(count: number, gapMs: number, send: () => Promise<TestResponse>) {
  const pending: Promise<TestResponse>[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) await sleep(gapMs);
    pending.push(send());
  }
  return Promise.all(pending);
}

async function withServer<T>(mutation: string, run: (s: RunningServer) => Promise<T>): Promise<T> {
  const server = await stubServer({ mutation, rateLimit: 5 });
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

const GAP_MS = 20;

describe("seeded load bugs on calls that arrive one by one", () => {
  it("hold their state open longer than a held-up harness's gap between calls", () => {
    expect(LOAD_BUG_HOLD_MS).toBeGreaterThanOrEqual(2 * GAP_MS);
  });

  it("rate-limit-leaks-under-concurrency: calls 20 ms apart still pass the limit of 5", async () => {
    const answers = await withServer("rate-limit-leaks-under-concurrency", (s) =>
      staggered(10, GAP_MS, () => call(s, entityPath(`cb:org:${STUB.main}`))),
    );
    // Each call is counted 50 ms after it came: two or three more are let in before the count reaches 5.
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThan(5);
  });

  it("batch-100-5xx-under-concurrency: a 100-id batch 20 ms after another gets 500", async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `cb:org:${900000000 + i}`);
    const answers = await withServer("batch-100-5xx-under-concurrency", (s) =>
      staggered(2, GAP_MS, () => call(s, "/entities/batch", { body: { ids } })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 500]);
  });
});
