import { afterEach, describe, expect, it } from "vitest";
import { JudgingUnfinished } from "../checks/judge-thread/judge-thread.js";
import {
  exchangeWith,
  invalidResolveBody,
  manyKeysBody,
  validResolveBody,
} from "../checks/judge-thread/test-support/bodies.js";
import { judgeExchange } from "../checks/run-checks.js";
import { Prejudged } from "./prejudge.js";

let prejudged = new Prejudged();
afterEach(async () => {
  await prejudged.thread.close();
  prejudged = new Prejudged();
});

describe("Prejudged", () => {
  it("leaves small bodies to the main thread: no worker starts, the judgement is the in-process one", async () => {
    const exchange = exchangeWith(invalidResolveBody(3));
    expect(await prejudged.add(exchange, new AbortController().signal)).toBeUndefined();
    expect(prejudged.thread.started).toBe(0);
    expect(prejudged.judge(exchange)).toEqual(judgeExchange(exchange));
  });

  it("judges large bodies on the worker, with the same verdicts for every selection of checks", async () => {
    const signal = new AbortController().signal;
    for (const body of [validResolveBody(1100), invalidResolveBody(20_000)]) {
      const exchange = exchangeWith(body);
      await prejudged.add(exchange, signal);
      const ids = ["response.schema", "resolve.cursor_null", "edges.only_with_include"];
      expect(prejudged.judge(exchange)).toEqual(judgeExchange(exchange));
      expect(prejudged.judge(exchange, ids)).toEqual(judgeExchange(exchange, ids));
    }
    expect(prejudged.thread.started).toBe(1);
  });

  it("remembers a judgement the deadline ended, and throws it when the exchange is judged", async () => {
    const exchange = exchangeWith(manyKeysBody(1_000_000));
    const deadline = new AbortController();
    setTimeout(() => deadline.abort(), 200);
    const unfinished = await prejudged.add(exchange, deadline.signal);
    expect(unfinished?.reason).toBe("aborted");
    expect(() => prejudged.judge(exchange)).toThrow(JudgingUnfinished);
  });
});
