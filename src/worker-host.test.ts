import { afterAll, describe, expect, it } from "vitest";
import { probeEntry } from "./test-support/probe-entry.js";
import type { ProbeBatch, ProbeReply } from "./test-support/probe-worker.js";
import { endParkedWorkers, type LossReason, WorkerHost, WorkerLost } from "./worker-host.js";

const entry = probeEntry();

/** One host for the whole file (a worker start is not free): deaths restart it. */
const host = new WorkerHost<ProbeBatch, ProbeReply>({ entry, name: "the probe", heapMib: 16 });
afterAll(() => host.close());

/** A reusable probe host; `heapMib` sets its kind (hosts of one kind share parked threads). */
const reusableProbe = (heapMib: number, reusable = true) =>
  new WorkerHost<ProbeBatch, ProbeReply>({ entry, name: "the reusable probe", heapMib, reusable });

async function lossOf(answer: Promise<unknown>): Promise<LossReason> {
  const error = await answer.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkerLost);
  return (error as WorkerLost).reason;
}

describe("WorkerHost", () => {
  it("answers batches in order on one worker, and moves transferred bytes instead of copying them", async () => {
    await host.ready();
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const answers = await Promise.all([
      host.post({ do: "echo", value: "a" }),
      host.post({ do: "sum", bytes }, [bytes.buffer]),
      host.post({ do: "echo", value: { b: [1] } }),
    ]);
    expect(answers.map((a) => a.value)).toEqual(["a", 10, { b: [1] }]);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(1);
    // Moved: the sender's buffer is detached.
    expect(bytes.byteLength).toBe(0);
    expect(host.started).toBe(1);
    expect(host.inFlight).toBe(0);
  });

  it("a signal that aborts with none of its batches on the worker leaves the worker running", async () => {
    const controller = new AbortController();
    expect((await host.post({ do: "echo", value: 1 }, [], controller.signal)).value).toBe(1);
    controller.abort();
    expect((await host.post({ do: "echo", value: 2 })).value).toBe(2);
    expect(host.started).toBe(1);
  });

  it("a worker that dies (a throw, an exit, past its heap cap) loses every batch on it; the next starts anew", async () => {
    const deaths = [
      ["throw", "died"],
      ["exit", "died"],
      ["grow", "out-of-memory"],
    ] as const;
    for (const [how, reason] of deaths) {
      const started = host.started;
      const first = await host.post({ do: "echo", value: 1 });
      const before = host.post({ do: "echo", value: 2 });
      const killer = lossOf(host.post({ do: how }));
      const after = lossOf(host.post({ do: "echo", value: 3 }));
      // The batch before the death is answered; the killing batch and the one queued behind it are lost.
      expect((await before).value).toBe(2);
      expect(await killer).toBe(reason);
      expect(await after).toBe(reason);
      expect(host.inFlight).toBe(0);
      const next = await host.post({ do: "echo", value: 4 });
      expect(next.value).toBe(4);
      expect(next.threadId).not.toBe(first.threadId);
      expect(host.started).toBe(started + 1);
    }
  });

  it("a batch's signal ends a worker that hangs: its batches are lost as aborted", async () => {
    await host.ready();
    const started = host.started;
    const controller = new AbortController();
    const hung = lossOf(host.post({ do: "hang" }, [], controller.signal));
    const behind = lossOf(host.post({ do: "echo", value: 1 }));
    controller.abort();
    expect(await hung).toBe("aborted");
    expect(await behind).toBe("aborted");
    // An aborted signal posts nothing and starts nothing.
    expect(await lossOf(host.post({ do: "echo", value: 2 }, [], controller.signal))).toBe("aborted");
    expect(host.started).toBe(started);
    expect((await host.post({ do: "echo", value: 3 })).value).toBe(3);
    expect(host.started).toBe(started + 1);
  });

  it("a worker that cannot start loses its batches, and says so when asked whether it is ready", async () => {
    const broken = new WorkerHost<ProbeBatch, ProbeReply>({
      entry: new URL("./test-support/no-such-worker.ts", import.meta.url).href,
      name: "the broken probe",
    });
    try {
      const lost = lossOf(broken.post({ do: "echo", value: 1 }));
      await expect(broken.ready()).rejects.toBeInstanceOf(WorkerLost);
      expect(await lost).toBe("died");
    } finally {
      await broken.close();
    }
  });

  it("a reusable worker closed idle serves the next host of its kind, warm; other kinds and unfinished ones never", async () => {
    const reusable = () => reusableProbe(24);
    try {
      const first = reusable();
      const { threadId } = await first.post({ do: "echo", value: 1 });
      await first.close();
      expect(first.isRunning).toBe(false);
      // The next host of the same kind takes that thread: ready at once, answering as before.
      const second = reusable();
      const taken = await second.post({ do: "echo", value: 2 });
      expect(taken).toEqual({ value: 2, threadId });
      expect(second.started).toBe(1);
      // One with other limits is another kind: a thread of its own.
      const other = reusableProbe(32);
      expect((await other.post({ do: "echo", value: 3 })).threadId).not.toBe(threadId);
      await other.close();
      // A worker closed with a batch still on it is ended, not parked: the next host starts a new one.
      const hung = lossOf(second.post({ do: "hang" }));
      await second.close();
      expect(await hung).toBe("aborted");
      const third = reusable();
      expect((await third.post({ do: "echo", value: 4 })).threadId).not.toBe(threadId);
      await third.close();
      // A host that is not reusable never takes a parked worker, nor parks its own.
      const plain = reusableProbe(24, false);
      const own = await plain.post({ do: "echo", value: 5 });
      expect(own.threadId).not.toBe(threadId);
      await plain.close();
      const fourth = reusable();
      expect((await fourth.post({ do: "echo", value: 6 })).threadId).not.toBe(own.threadId);
      await fourth.close();
    } finally {
      await endParkedWorkers();
    }
  });

  it("endParkedWorkers ends the parked workers: the next host starts a new one", async () => {
    const reusable = () => reusableProbe(20);
    try {
      const first = reusable();
      const { threadId } = await first.post({ do: "echo", value: 1 });
      await first.close();
      await endParkedWorkers();
      const next = reusable();
      expect(await next.post({ do: "echo", value: 2 })).not.toEqual({ value: 2, threadId });
      await next.close();
    } finally {
      await endParkedWorkers();
    }
  });

  it("close loses what is still on the worker", async () => {
    const hung = lossOf(host.post({ do: "hang" }));
    await host.close();
    expect(await hung).toBe("aborted");
  });
});
