/**
 * `compare` without `--fixtures` finds its ids with the run's own discovery, on a real reference server: the
 * ids that exercise the most rules (sub-units, influencer ids), not only what a few resolve queries return.
 * Discovery sends through the comparison's guards, so it is done by `runCompare`, not the resolver.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HarnessError } from "../../errors.js";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";
import { Transport } from "../../transport/send.js";
import { SendGuard } from "../send-guard.js";
import { resolveCompareOptions } from "./compare-options.js";
import { discover, Releases } from "./run-compare.js";

async function discovered(options: Parameters<typeof resolveCompareOptions>[0]) {
  const resolved = await resolveCompareOptions(options);
  const guard = new SendGuard(resolved);
  const transport = new Transport({ timeoutMs: 10_000, maxBodyBytes: 2 ** 22 });
  try {
    return await discover(new Releases(resolved, guard, transport));
  } finally {
    await guard.close();
    await transport.close();
  }
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: 1e6 });
});
afterAll(() => server.close());

describe("resolveCompareOptions", () => {
  it("refuses an --ignore that is not a JSON pointer", async () => {
    const error = await resolveCompareOptions({
      baseUrl: "http://127.0.0.1:9/v1",
      candidateUrl: "http://127.0.0.1:9/v1",
      env: { CB_API_KEY: "k-123456" },
      fixtures: "unused.json",
      ignore: ["data.as_of"],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessError);
    expect((error as HarnessError).message).toContain('--ignore "data.as_of" is not a JSON pointer');
  });
});

describe("compare's discovery", () => {
  it("discovers the base's ids as cbcheck run does", async () => {
    const fx = await discovered({
      baseUrl: server.url,
      candidateUrl: server.altUrl,
      env: { CB_API_KEY: server.keys.plus },
      seed: 4,
    });
    expect(fx.org_ids.length).toBeGreaterThan(0);
    // Found only by the run's discovery (batch reads after the resolve queries).
    expect(fx.main_unit_with_many_subunits).toMatch(/^cb:org:\d{9}$/);
    expect(fx.subunit_ids.length).toBeGreaterThan(0);
    expect(fx.influencer_ids.length).toBeGreaterThan(0);
    expect(fx.missing_ids).toContain("cb:person:cbcheck-missing-4");
  });

  it("refuses a base where nothing is found, with the run's one-line advice", async () => {
    const refused = discovered({
      baseUrl: server.url,
      candidateUrl: server.altUrl,
      env: { CB_API_KEY: "not-a-key" },
    });
    await expect(refused).rejects.toBeInstanceOf(HarnessError);
    await expect(refused).rejects.toThrow(/no node id found through \/resolve; pass --fixtures FILE/);
  });
});
