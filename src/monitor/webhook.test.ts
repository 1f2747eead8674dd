/**
 * `--webhook`: Slack-compatible JSON (`{"text": …}`, content type application/json) POSTed to the URL given,
 * retried on 5xx and 429 (after its Retry-After, on the injected clock) a bounded number of times, given up on
 * a 4xx at once; the failure message names the URL's origin only (a Slack webhook's path is a secret).
 */
import { createServer, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SkippingClock } from "../test-support/clocks.js";
import { type LoopbackServer, listenOnLoopback } from "../test-support/loopback-server.js";
import type { MonitorEvent } from "./events.js";
import { ATTEMPTS, postEvent, webhookBody } from "./webhook.js";

interface Received {
  contentType: string | undefined;
  body: string;
}

let answers: { status: number; headers?: Record<string, string> }[] = [];
const received: Received[] = [];
let hook: LoopbackServer;
let origin: string;

async function bodyOf(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}

beforeAll(async () => {
  hook = await listenOnLoopback(
    createServer((req, res) => {
      bodyOf(req).then((body) => {
        received.push({ contentType: req.headers["content-type"], body });
        const answer = answers.shift() ?? { status: 200 };
        res.writeHead(answer.status, answer.headers).end("ok");
      });
    }),
  );
  origin = new URL(hook.baseUrl).origin;
});
afterAll(() => hook.close());

const EVENT: MonitorEvent = {
  event: "rule_failing",
  at: "2026-11-27T10:00:00.000Z",
  target: "https://api.example.com/v1",
  rule: "resolve.cursor_null",
  operation: "resolve",
  consecutive: 2,
  cycle: 3,
  slice: "2/4",
  replay: "cbcheck replay reports/monitor/cycle-000003-slice-002/report.json --check resolve.cursor_null",
};

describe("postEvent", () => {
  it("POSTs Slack-compatible JSON: one text field with the event's line and the event itself", async () => {
    received.length = 0;
    answers = [];
    expect(await postEvent(`${origin}/services/T000/B000/secretpath`, EVENT, new SkippingClock())).toBe(
      undefined,
    );
    expect(received).toHaveLength(1);
    expect(received[0].contentType).toBe("application/json");
    const body = JSON.parse(received[0].body);
    expect(Object.keys(body)).toEqual(["text"]);
    expect(body).toEqual(webhookBody(EVENT));
    expect(body.text.split("\n")[0]).toBe(
      "cbcheck monitor: resolve.cursor_null on resolve is failing at https://api.example.com/v1 (2 failing exchanges in a row)",
    );
    expect(body.text).toContain(`Reproduce: ${EVENT.replay}`);
  });

  it("escapes the control characters a target put in the counterexample, in the text and the code block", () => {
    const hostile = {
      ...EVENT,
      counterexample: { title: "a\u001b]0;x\u0007 b\u202e c\u009b2J" },
    } as MonitorEvent;
    const { text } = webhookBody(hostile);
    expect(text).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202E]/);
    expect(text).toContain("a\\x1b]0;x\\x07 b\\u202e c\\x9b2J");
    const block = text.slice(text.indexOf("```") + 3, text.lastIndexOf("```"));
    expect(JSON.parse(block)).toEqual(hostile);
  });

  it("tries again after a 503 and after a 429's Retry-After (on the clock), then delivers", async () => {
    received.length = 0;
    answers = [{ status: 503 }, { status: 429, headers: { "retry-after": "7" } }];
    const clock = new SkippingClock();
    const before = clock.now();
    expect(await postEvent(`${origin}/hook`, EVENT, clock)).toBe(undefined);
    expect(received).toHaveLength(3);
    // 1 s after the 503, 7 s after the 429: waited on the clock, not in real time.
    expect(clock.now() - before).toBeGreaterThanOrEqual(8_000);
  });

  it("gives up after its tries, or at once on a 4xx, naming the origin only", async () => {
    received.length = 0;
    answers = Array.from({ length: ATTEMPTS }, () => ({ status: 500 }));
    const failed = await postEvent(`${origin}/services/T000/B000/secretpath`, EVENT, new SkippingClock());
    expect(received).toHaveLength(ATTEMPTS);
    expect(failed).toBe(
      `the webhook at ${origin} did not take the event (HTTP 500, after at most ${ATTEMPTS} tries)`,
    );
    received.length = 0;
    answers = [{ status: 404 }];
    const refused = await postEvent(`${origin}/services/T000/B000/secretpath`, EVENT, new SkippingClock());
    expect(received).toHaveLength(1);
    expect(refused).toContain("HTTP 404");
    expect(refused).not.toContain("secretpath");
  });
});
