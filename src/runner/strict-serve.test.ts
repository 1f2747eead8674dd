/**
 * Warnings earn their place: `cbcheck run --strict` passes the reference server in every configuration
 * `cbcheck serve` offers. The configurations come from serve's flag table (SERVE_FLAGS): every flag that
 * changes what the server answers has values to try here (its edges: tiny and huge graphs, no and few
 * credits, a short rate window, tight daily limits, other forms of `--as-of`), or says why it changes no
 * answer; a new flag fails this file until it is decided. Each configuration is served in-process and run
 * with one round of generated requests and all five test keys. A configuration that changes the data (the
 * defaults, another seed, another size) runs every suite but `rate-limit`; one that changes a single aspect of
 * the answers runs the suites whose answers that aspect reaches, each named with why (this file ran every
 * suite three rounds for every configuration: about 60 s on a busy machine, most of it the same answers again).
 */
import { afterEach, describe, expect, it } from "vitest";
import { SERVE_FLAGS } from "../cli/commands/serve-flags.js";
import { startServer } from "../server/index.js";
import type { RunningServer, ServerOptions } from "../server/types.js";
import { middayUtc, SkippingClock } from "../test-support/clocks.js";
import type { SuiteName } from "../vocabulary/suite-name.js";
import { resolveRunOptions, SUITE_ORDER } from "./options.js";
import { runConformance } from "./run-conformance.js";

type ServeOption = keyof typeof SERVE_FLAGS;

/** Flags that change no answer of the server, and why. */
const NO_ANSWER_CHANGE: Partial<Record<ServeOption, string>> = {
  host: "where it listens (only loopback is allowed here)",
  port: "which port it listens on",
  json: "what `serve` prints",
  keysFile: "a file `serve` writes",
  fixturesOut: "a file `serve` writes",
  mutation: "a seeded bug, not a conforming configuration (the mutation matrix runs each)",
};

/** One configuration of `serve`, the suites it needs, the rate the run expects, what a daily limit lets it finish. */
interface Configuration {
  serve: ServerOptions;
  /** The suites whose answers the configuration changes, and why; absent: every suite but `rate-limit`. */
  suites?: { names: SuiteName[]; why: string };
  /** `--expect-rate-limit` for the run; absent: the `rate-limit` suite is left out (a 60 s window is long). */
  rate?: string;
  /** A daily limit below the run's calls ends it early: `incomplete`, with no failure and no warning. */
  isCutShortByDay?: boolean;
}

/** Every suite but `rate-limit`, whose window the contract sets at 60 s. */
const SUITES_WITHOUT_RATE: SuiteName[] = SUITE_ORDER.filter((s) => s !== "rate-limit");

const CREDITS = {
  names: ["auth", "schema", "limits"] as SuiteName[],
  why: "the suites that spend credits (influencer reads) and judge `cost` and `/me`",
};
const AS_OF = {
  names: ["http", "schema"] as SuiteName[],
  why: "`as_of` is in every envelope: every route and error (http) and every data operation (schema)",
};

/** Configurations by the flags they vary; together they give each varied flag its edge values. */
const CONFIGURATIONS: Record<string, Configuration> = {
  defaults: { serve: {} },
  "seed 7, one organisation": { serve: { seed: 7, orgs: 1 } },
  "a million organisations": { serve: { orgs: 1_000_000, seed: 2 ** 31 - 1 } },
  "no credits": { serve: { credits: 0 }, suites: CREDITS },
  "3 credits": { serve: { credits: 3 }, suites: CREDITS },
  "as-of: lower-case, offset, long fraction": {
    serve: { asOf: "1999-01-01t00:00:00.123456789-05:30" },
    suites: AS_OF,
  },
  "as-of: a leap second, in the future": { serve: { asOf: "2099-12-31T23:59:60Z" }, suites: AS_OF },
  "latency 5 ms": {
    serve: { latencyMs: 5 },
    suites: {
      names: ["http", "schema"],
      why: "only when answers come changes: every route, every operation",
    },
  },
  "20 calls per 1 s window": {
    serve: { rateLimit: 20, rateWindowMs: 1000 },
    rate: "20/1",
    suites: {
      names: ["rate-limit", "http", "auth"],
      why: "the limiter's own suite, and others paced to the window (each call waits its turn in real time)",
    },
  },
  "50 calls per day": { serve: { callsPerDay: 50 }, isCutShortByDay: true },
  "100 records per day": { serve: { recordsPerDay: 100 }, isCutShortByDay: true },
};

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("--strict against cbcheck serve in every configuration its flags offer", () => {
  it("has a configuration for every flag that changes an answer, and a reason for every other flag", () => {
    const varied = new Set(Object.values(CONFIGURATIONS).flatMap((c) => Object.keys(c.serve)));
    for (const [name, flag] of Object.entries(SERVE_FLAGS) as [
      ServeOption,
      (typeof SERVE_FLAGS)[ServeOption],
    ][]) {
      if ("notAFlag" in flag) continue;
      expect(varied.has(name) || NO_ANSWER_CHANGE[name] !== undefined, `serve flag ${name}`).toBe(true);
    }
  });

  for (const [name, config] of Object.entries(CONFIGURATIONS)) {
    it(`passes with no failure and no warning: ${name}`, async () => {
      // The contract's 120 calls a minute would stretch a whole run to minutes: other configurations lift it.
      // A SkippingClock shared by the server and the run: a wait for the window (the 20-per-1 s configuration
      // waited ~3 s of real time) or a Retry-After ends at once for both, the calls and answers stay the same.
      // The latency configuration keeps real time: slow answers are what it is about.
      // Midday UTC: a daily limit's Retry-After (until 00:00 UTC) is hours, whenever the suite runs.
      const clock = config.serve.latencyMs ? undefined : new SkippingClock(middayUtc());
      server = await startServer({
        keySeed: 1,
        ...(config.rate ? {} : { rateLimit: 100_000 }),
        ...config.serve,
        ...(clock ? { clock } : {}),
      });
      const keys = server.keys;
      const options = resolveRunOptions({
        baseUrl: server.url,
        altBaseUrl: server.altUrl,
        env: {
          CB_API_KEY: keys.plus,
          CB_FREE_API_KEY: keys.free,
          CB_TEAM_API_KEY: keys.team,
          CB_REVOKED_API_KEY: keys.revoked,
          CB_NO_CREDITS_API_KEY: keys.noCredits,
        },
        fixtures: server.fixtures,
        seed: 1,
        runs: 1,
        strict: true,
        maxCredits: 1000,
        suites: config.suites?.names ?? SUITES_WITHOUT_RATE,
        ...(config.rate ? { expectRateLimit: config.rate } : {}),
        ...(clock ? { clock } : {}),
      });
      const { report } = await runConformance(options);
      const findings = report.results
        .filter((r) => r.status === "fail" || r.status === "warn" || r.status === "inconclusive")
        .map((r) => `${r.id}: ${r.message ?? r.counterexamples[0]?.title ?? ""}`);
      expect(findings).toEqual([]);
      expect(report.verdict).toBe(config.isCutShortByDay ? "incomplete" : "pass");
    }, 60_000);
  }
});
