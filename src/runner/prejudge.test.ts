import { afterEach, describe, expect, it, vi } from "vitest";
import { JudgingUnfinished } from "../checks/judge-thread/judge-thread.js";
import {
  exchangeWith,
  invalidResolveBody,
  manyKeysBody,
  SLOW_KEYS,
  validResolveBody,
} from "../checks/judge-thread/test-support/bodies.js";
import { judgeExchange } from "../checks/run-checks.js";
import { responseFacts } from "../checks/support/response-facts.js";
import { Prejudged } from "./prejudge.js";

let prejudged = new Prejudged();
afterEach(async () => {
  vi.restoreAllMocks();
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
    const exchange = exchangeWith(manyKeysBody(SLOW_KEYS));
    const deadline = new AbortController();
    setTimeout(() => deadline.abort(), 200);
    const unfinished = await prejudged.add(exchange, deadline.signal);
    expect(unfinished?.reason).toBe("aborted");
    expect(() => prejudged.judge(exchange)).toThrow(JudgingUnfinished);
  });
});

describe("Prejudged.addUndecoded", () => {
  it("judges an undecoded body on the worker and answers what the runner reads of it", async () => {
    const bytes = Buffer.from(invalidResolveBody(40));
    const exchange = exchangeWith(bytes);
    const facts = await prejudged.addUndecoded(exchange, { bytes }, new AbortController().signal);
    expect(facts).toEqual(responseFacts(exchange));
    expect(prejudged.judge(exchange)).toEqual(judgeExchange(exchange));
    expect(prejudged.judge(exchange).failures.length).toBeGreaterThan(0);
  });

  it("judges here a small body whose worker died of another, but not a large one or one the deadline ended", async () => {
    const died = new JudgingUnfinished("worker-died", "the judging worker exited (1)");
    const aborted = new JudgingUnfinished("aborted", "judging was stopped");
    const small = Buffer.from(validResolveBody(3));
    const large = Buffer.from(validResolveBody(1100));
    const cases = [
      { bytes: small, err: died, judgedHere: true },
      { bytes: large, err: died, judgedHere: false },
      { bytes: small, err: aborted, judgedHere: false },
    ];
    for (const { bytes, err, judgedHere } of cases) {
      vi.spyOn(prejudged.thread, "judgeUndecoded").mockRejectedValueOnce(err);
      const exchange = exchangeWith(bytes);
      const facts = await prejudged.addUndecoded(exchange, { bytes }, new AbortController().signal);
      expect(facts).toEqual(responseFacts(exchange));
      if (judgedHere) expect(prejudged.judge(exchange)).toEqual(judgeExchange(exchange));
      else expect(() => prejudged.judge(exchange)).toThrow(err);
    }
  });
});
