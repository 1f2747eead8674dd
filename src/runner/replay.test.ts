/**
 * Issue 26, finding 2: an edited report decides neither where `replay` sends a key nor which variable it reads.
 * Real loopback servers on port 0 that record what they receive; `replay` in-process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HarnessError } from "../errors.js";
import { type EchoTarget, startEchoTarget } from "../test-support/echo-target.js";
import { expectNoSecret } from "../test-support/expect-no-secret.js";
import { replayableReport } from "../test-support/replayable-report.js";
import { replayCounterexample } from "./replay.js";

const USER_KEY = "user-key-0123456789";
const ENV = { CB_API_KEY: USER_KEY, SECRET_TOKEN: "ghp_stolen_0123456789", OTHER_KEY: "other-key-98765" };

/** A report whose one failing counterexample was (edited to be) recorded against `baseUrl`. */
const reportAgainst = (baseUrl: string, authorization: string | undefined = "Bearer $SECRET_TOKEN") =>
  replayableReport(baseUrl, authorization);

async function refusal(promise: Promise<unknown>): Promise<HarnessError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HarnessError);
  return error as HarnessError;
}

let mine: EchoTarget;
let edited: EchoTarget;
beforeAll(async () => {
  [mine, edited] = await Promise.all([startEchoTarget(), startEchoTarget()]);
});
afterAll(() => Promise.all([mine.close(), edited.close()]));

describe("replay sends a key only where the user says", () => {
  it("refuses a report whose target is not the configured one: nothing sent anywhere (exit 2)", async () => {
    const error = await refusal(
      replayCounterexample({
        report: reportAgainst(edited.baseUrl),
        env: ENV,
        configuredBaseUrl: mine.baseUrl,
        onSend: () => expect.fail("nothing may be announced"),
      }),
    );
    expect(error.code).toBe("CB_USAGE");
    expect(error.message).toContain(`the report's target ${edited.baseUrl} is not your configured target`);
    expect(error.message).toContain("pass --base-url");
    expect([...edited.received, ...mine.received]).toEqual([]);
  });

  it("refuses a report whose target is off this machine when nothing is configured", async () => {
    const error = await refusal(
      replayCounterexample({ report: reportAgainst("http://203.0.113.7/v1"), env: ENV }),
    );
    expect(error.code).toBe("CB_USAGE");
    expect(error.message).toContain(
      "is not on this machine: nothing sent; pass --base-url http://203.0.113.7/v1",
    );
  });

  it("sends to --base-url with the key of --api-key-env, never the variable the report names, and says so first", async () => {
    const lines: string[] = [];
    const before = mine.received.length;
    const result = await replayCounterexample({
      report: reportAgainst(edited.baseUrl),
      env: ENV,
      baseUrl: mine.baseUrl,
      onSend: (line) => lines.push(`${line} (${mine.received.length - before} received so far)`),
    });
    expect(lines).toEqual([
      `sending GET ${mine.baseUrl}/resolve?query=x with the key in $CB_API_KEY (0 received so far)`,
    ]);
    expect(mine.received.slice(before)).toMatchObject([
      { url: "/v1/resolve?query=x", authorization: `Bearer ${USER_KEY}` },
    ]);
    expect(edited.received).toEqual([]);
    expect(result.notes).toContain(
      "the recorded request named $SECRET_TOKEN; the key sent is $CB_API_KEY's (--api-key-env)",
    );
    const other = await replayCounterexample({
      report: reportAgainst(edited.baseUrl),
      env: ENV,
      baseUrl: mine.baseUrl,
      apiKeyEnv: "OTHER_KEY",
    });
    expect(mine.received.at(-1)?.authorization).toBe(`Bearer ${ENV.OTHER_KEY}`);
    expect(other.exchange.request.headers.authorization).toBe("Bearer $OTHER_KEY");
    expect(JSON.stringify(mine.received)).not.toContain(ENV.SECRET_TOKEN);
  });

  it("uses the report's own target when it is the configured one, or on this machine with none configured", async () => {
    for (const configuredBaseUrl of [edited.baseUrl, undefined]) {
      const before = edited.received.length;
      await replayCounterexample({
        report: reportAgainst(edited.baseUrl),
        env: ENV,
        ...(configuredBaseUrl ? { configuredBaseUrl } : {}),
      });
      expect(edited.received.slice(before)).toMatchObject([{ authorization: `Bearer ${USER_KEY}` }]);
    }
  });

  it("sends no key with a request recorded without one, and needs no variable for it", async () => {
    const report = replayableReport(mine.baseUrl, undefined);
    const lines: string[] = [];
    await replayCounterexample({ report, env: {}, onSend: (line) => lines.push(line) });
    expect(lines).toEqual([`sending GET ${mine.baseUrl}/resolve?query=x without a key (none recorded)`]);
    expect(mine.received.at(-1)?.authorization).toBeUndefined();
  });
});

describe("replay with --header", () => {
  it("sends the given headers instead of the recorded ones, says which credential was recorded <redacted>, and shows none", async () => {
    const gatewayKey = "gw-k3y-0123456789abcdef";
    const report = replayableReport(mine.baseUrl, "Bearer $CB_API_KEY");
    const cx = report.results[0].counterexamples[0];
    if (cx.request)
      cx.request.headers = { ...cx.request.headers, "x-tenant": "acme", "x-api-key": "<redacted>" };
    const without = await replayCounterexample({ report, env: ENV });
    expect(mine.received.at(-1)?.headers).toMatchObject({ "x-tenant": "acme", "x-api-key": "<redacted>" });
    expect(without.notes).toContain(
      "x-api-key was recorded <redacted> and is sent so; pass --header x-api-key:VALUE to send its value",
    );
    const result = await replayCounterexample({
      report,
      env: ENV,
      headers: [
        { name: "X-Api-Key", value: gatewayKey },
        { name: "X-Tenant", value: "beta" },
      ],
    });
    expect(mine.received.at(-1)?.headers).toMatchObject({ "x-tenant": "beta", "x-api-key": gatewayKey });
    expect(result.notes.join("\n")).not.toContain("recorded <redacted>");
    expectNoSecret(JSON.stringify(result), gatewayKey, "replay result");
  });
});
