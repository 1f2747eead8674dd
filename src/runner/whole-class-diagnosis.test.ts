/**
 * A whole class of calls failing for one reason is said first, in one line, with its likely cause: a base URL
 * without `/v1` (every call 404) and a wrong key (every call 401), against the reference server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HarnessError } from "../errors.js";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { resolveRunOptions } from "./options.js";
import { runConformance } from "./run-conformance.js";
import { summaryText } from "./summary-text.js";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ orgs: 50, rateLimit: 1_000_000 });
});
afterAll(() => server.close());

/** The API root without its `/v1`: the mistake behind every call answering 404. */
const withoutV1 = () => server.url.replace(/\/v1$/, "");

describe("the whole-class diagnosis", () => {
  it("says what every /resolve answered and why when discovery finds nothing behind a base URL without /v1", async () => {
    const options = resolveRunOptions({ baseUrl: withoutV1(), env: { CB_API_KEY: server.keys.plus } });
    const error = await runConformance(options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessError);
    expect((error as HarnessError).code).toBe("CB_FIXTURES");
    expect((error as HarnessError).message).toMatch(
      /^every \/resolve \(\d+\) answered 404: is --base-url the API root, including \/v1 .*\(no node id found through \/resolve; pass --fixtures FILE\)$/,
    );
  });

  it("opens the summary with it when every call of a run with fixtures answered 404", async () => {
    const options = resolveRunOptions({
      baseUrl: withoutV1(),
      env: { CB_API_KEY: server.keys.plus },
      fixtures: server.fixtures,
      suites: ["http"],
    });
    const { report } = await runConformance(options);
    expect(report.verdict).toBe("fail");
    const first = summaryText(report).split("\n")[0];
    expect(first).toMatch(
      /^Likely cause: every call \(\d+\) answered 404: is --base-url the API root, including \/v1/,
    );
  });

  it("opens the summary with it when the key is refused with 401", async () => {
    const options = resolveRunOptions({
      baseUrl: server.url,
      env: { CB_API_KEY: "cbk_plus_not_a_key_of_this_target" },
      fixtures: server.fixtures,
      suites: ["http", "schema"],
    });
    const { report } = await runConformance(options);
    expect(report.verdict).toBe("fail");
    expect(summaryText(report).split("\n")[0]).toMatch(
      /^Likely cause: no call succeeded, and every failure answered 401: is the key set in the variable --api-key-env names \(default CB_API_KEY\)/,
    );
  });

  it("stays silent on a conforming target", async () => {
    const options = resolveRunOptions({
      baseUrl: server.url,
      env: { CB_API_KEY: server.keys.plus },
      fixtures: server.fixtures,
      suites: ["http"],
    });
    const { report } = await runConformance(options);
    expect(summaryText(report)).not.toContain("Likely cause");
  });
});
