/**
 * A worker for the tests of `WorkerHost`: each batch says what to do — answer, throw, exit, run out of
 * memory, or hang — so that every way a worker can end is exercised on a real thread.
 */
import { threadId } from "node:worker_threads";
import { serveBatches } from "../worker-serve.js";

/** One batch for the probe worker. */
export type ProbeBatch =
  | { do: "echo"; value: unknown }
  | { do: "sum"; bytes: Uint8Array }
  | { do: "throw" | "exit" | "grow" | "hang" };

/** The probe's reply: what it was sent back, and the thread that answered. */
export interface ProbeReply {
  value: unknown;
  threadId: number;
}

function answer(batch: ProbeBatch): unknown {
  switch (batch.do) {
    case "echo":
      return batch.value;
    case "sum":
      return batch.bytes.reduce((a, b) => a + b, 0);
    case "throw":
      throw new Error("probe threw");
    case "exit":
      return process.exit(3);
    case "grow": {
      const held: number[][] = [];
      for (;;) held.push(new Array(1_000_000).fill(held.length));
    }
    case "hang":
      for (;;);
  }
}

serveBatches<ProbeBatch, ProbeReply>(import.meta.url, () => (batch) => ({ value: answer(batch), threadId }));
