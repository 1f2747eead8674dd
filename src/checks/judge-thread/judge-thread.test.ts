import { afterAll, describe, expect, it } from "vitest";
import { decodeBody } from "../../transport/decode-body.js";
import { judgeExchange } from "../run-checks.js";
import { responseFacts } from "../support/response-facts.js";
import { batchExchange } from "../test-support/exchanges.js";
import { resolveValidateOptions } from "../validate/options.js";
import { validateText } from "../validate/validate-text.js";
import { isJudgedInThread, JUDGE_IN_THREAD_CHARS, JudgeThread, JudgingUnfinished } from "./judge-thread.js";
import {
  exchangeWith,
  invalidResolveBody,
  manyKeysBody,
  SLOW_KEYS,
  validResolveBody,
} from "./test-support/bodies.js";

const thread = new JudgeThread();
afterAll(() => thread.close());

describe("JudgeThread", () => {
  it("judges large valid and invalid bodies exactly as the main thread does", async () => {
    // Each body is judged once in this thread per check selection (an invalid one of 20,000 items is costly).
    const failures: number[] = [];
    for (const body of [validResolveBody(1100), invalidResolveBody(20_000)]) {
      const exchange = exchangeWith(body);
      expect(isJudgedInThread(exchange)).toBe(true);
      const inProcess = judgeExchange(exchange);
      failures.push(inProcess.failures.length);
      expect(await thread.judgeExchange(exchange, undefined)).toEqual(inProcess);
      expect(await thread.judgeExchange(exchange, ["response.schema"])).toEqual(
        judgeExchange(exchange, ["response.schema"]),
      );
    }
    expect(failures[0]).toBe(0);
    expect(failures[1]).toBeGreaterThan(0);
  });

  it("judges the contract's largest response (a 3.5 MiB entity read) within the worker's heap limit", async () => {
    const largest = batchExchange();
    expect(isJudgedInThread(largest)).toBe(true);
    const judged = await thread.judgeExchange(largest, undefined);
    expect(judged).toEqual(judgeExchange(largest));
    expect(judged.failures).toEqual([]);
  });

  it("decodes and judges a raw body as the transport and the main thread would, and reads its facts", async () => {
    const bodies = [
      Buffer.from(validResolveBody(8)),
      Buffer.from(invalidResolveBody(50)),
      Buffer.concat([Buffer.from('{"data":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
      Buffer.alloc(0),
    ];
    for (const bytes of bodies) {
      const exchange = exchangeWith(bytes);
      const judged = await thread.judgeUndecoded(exchange, { bytes });
      expect(judged.judgement).toEqual(judgeExchange(exchange));
      expect(judged.facts).toEqual(responseFacts(exchange));
    }
    // A cut body is judged as cut.
    const bytes = Buffer.from(validResolveBody(8));
    const cut = exchangeWith(bytes);
    Object.assign(cut.response ?? {}, decodeBody(bytes, "cut"), { json: undefined });
    expect((await thread.judgeUndecoded(cut, { bytes, truncatedReason: "cut" })).judgement).toEqual(
      judgeExchange(cut),
    );
    expect(judgeExchange(cut).failures.some((f) => f.checkId === "http.json_body")).toBe(true);
  });

  it("keeps jobs past two batches here, where a waiting caller judges the newest with the worker's code", async () => {
    const own = new JudgeThread();
    try {
      const bodies = Array.from({ length: 40 }, (_, i) => Buffer.from(validResolveBody(1 + (i % 7))));
      bodies[39] = Buffer.from(invalidResolveBody(30));
      const answers = bodies.map((bytes) => own.judgeUndecoded(exchangeWith(bytes), { bytes }));
      // Two batches of 16 are on the worker; the newest job is judged here, at once.
      expect(own.judgeOneHere()).toBe(true);
      const newest = await answers[39];
      expect(newest.judgement).toEqual(judgeExchange(exchangeWith(bodies[39])));
      expect(newest.judgement.failures.length).toBeGreaterThan(0);
      // The rest are answered too (by whichever thread), each as the main thread judges it.
      const all = await Promise.all(answers);
      all.forEach((a, i) => {
        expect(a.judgement).toEqual(judgeExchange(exchangeWith(bodies[i])));
      });
      expect(own.judgeOneHere()).toBe(false);
      // A body too large to judge on this thread stays for the worker.
      const large = Buffer.from(validResolveBody(1100));
      const jobs = Array.from({ length: 40 }, () =>
        own.judgeUndecoded(exchangeWith(large), { bytes: large }),
      );
      expect(own.judgeOneHere()).toBe(false);
      expect((await Promise.all(jobs)).every((j) => j.judgement.failures.length === 0)).toBe(true);
    } finally {
      await own.close();
    }
  });

  it("keeps small and unparsed bodies in the main thread", () => {
    expect(isJudgedInThread(exchangeWith(validResolveBody(8)))).toBe(false);
    expect(isJudgedInThread(exchangeWith(`{${"x".repeat(JUDGE_IN_THREAD_CHARS)}`))).toBe(false);
  });

  it("ends a slow judgement when its signal aborts, and judges the next one on a new worker", async () => {
    const before = thread.started;
    const slow = exchangeWith(manyKeysBody(SLOW_KEYS));
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 300);
    const error = await thread.judgeExchange(slow, undefined, controller.signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JudgingUnfinished);
    expect((error as JudgingUnfinished).reason).toBe("aborted");
    // The in-process judgement of this body takes about 20 s; generous margin for a loaded machine.
    expect(Date.now() - started).toBeLessThan(8_000);
    const next = exchangeWith(validResolveBody(300));
    expect(await thread.judgeExchange(next, undefined)).toEqual(judgeExchange(next));
    expect(thread.started).toBe(before + 1);
  });

  it("takes many jobs at once and answers each, in order, as the main thread judges it", async () => {
    const exchanges = [8, 300, 2, 1100, 40].map((n) => exchangeWith(validResolveBody(n)));
    exchanges.push(exchangeWith(invalidResolveBody(50)));
    const signal = new AbortController().signal;
    const answers = await Promise.all(exchanges.map((x) => thread.judgeExchange(x, undefined, signal)));
    expect(answers).toEqual(exchanges.map((x) => judgeExchange(x)));
    expect(answers.at(-1)?.failures.length).toBeGreaterThan(0);
  });

  it("ends every job still on the worker when their signal aborts", async () => {
    const controller = new AbortController();
    const jobs = [manyKeysBody(SLOW_KEYS), validResolveBody(10), validResolveBody(20)].map((body) =>
      thread.judgeExchange(exchangeWith(body), undefined, controller.signal).catch((e: unknown) => e),
    );
    setTimeout(() => controller.abort(), 300);
    for (const error of await Promise.all(jobs)) expect((error as JudgingUnfinished).reason).toBe("aborted");
    const next = exchangeWith(validResolveBody(30));
    expect(await thread.judgeExchange(next, undefined)).toEqual(judgeExchange(next));
  });

  it("rejects at once when the signal has already aborted", async () => {
    const error = await thread
      .judgeExchange(exchangeWith(validResolveBody(300)), undefined, AbortSignal.abort())
      .catch((e: unknown) => e);
    expect((error as JudgingUnfinished).reason).toBe("aborted");
  });

  it("ends a judgement that needs more than its heap as out-of-memory, and judges what follows on a new worker", async () => {
    const small = new JudgeThread({ heapMib: 24 });
    try {
      const error = await small
        .judgeExchange(exchangeWith(invalidResolveBody(200_000)), undefined)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JudgingUnfinished);
      expect((error as JudgingUnfinished).reason).toBe("out-of-memory");
      expect((error as JudgingUnfinished).message).toBe(
        "the judging worker needed more than its 24 MiB heap",
      );
      const next = exchangeWith(validResolveBody(300));
      expect(await small.judgeExchange(next, undefined)).toEqual(judgeExchange(next));
      expect(small.started).toBe(2);
    } finally {
      await small.close();
    }
  });

  it("validates a document as validateText does, and rethrows its harness errors", async () => {
    const options = resolveValidateOptions({ as: "resolve" });
    const body = invalidResolveBody(20_000);
    expect(await thread.validateText(body, options, "f.json")).toEqual(validateText(body, options, "f.json"));
    const error = await thread.validateText(`[${" ".repeat(400_000)}`, options, "f.json").catch((e) => e);
    expect(error).toMatchObject({ name: "HarnessError", code: "CB_INPUT_NOT_JSON" });
  });
});
