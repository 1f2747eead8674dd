/**
 * The flags of `cbcheck run`, typed from `RunOptions` (and `--quiet`): every option is a flag or says why it is not.
 */

import { integerIn, jsonPointer } from "../../option-values.js";
import { parseConcurrency } from "../../runner/option-parsers.js";
import type { RunOptions } from "../../runner/options.js";
import { RUN_DEFAULTS, SUITE_ORDER } from "../../runner/run-defaults.js";
import { collect, type FlagTable } from "../flag-table.js";
import { type ProgressOutputOptions, QUIET_FLAG } from "../quiet-flag.js";
import { REPORT_FORMATS_FLAG, type ReportFormatOptions } from "../report-formats-flag.js";
import { guardFlags } from "./guard-flags.js";
import { HEADER_FLAG } from "./header-flag.js";
import { SEED_FLAG } from "./seed-flag.js";

/** `cbcheck run`'s decision for every option of `RunOptions`. */
export const RUN_FLAGS: FlagTable<RunOptions & ProgressOutputOptions & ReportFormatOptions> = {
  baseUrl: {
    flags: "--base-url <url>",
    description: "target API root including /v1 (default: start the embedded reference server)",
  },
  altBaseUrl: {
    flags: "--alt-base-url <url>",
    description: "the same API on its alternate root (…/api/v1), compared by the alt-base-url suite",
  },
  apiKeyEnv: {
    flags: "--api-key-env <name>",
    description: "environment variable holding the main (Plus) API key",
    default: RUN_DEFAULTS.apiKeyEnv,
  },
  headers: HEADER_FLAG,
  freeApiKeyEnv: {
    flags: "--free-api-key-env <name>",
    description: "environment variable holding a Free-plan key (optional)",
    default: RUN_DEFAULTS.freeApiKeyEnv,
  },
  teamApiKeyEnv: {
    flags: "--team-api-key-env <name>",
    description:
      "environment variable holding a Business Plus team key (optional: /me billed_to team, credit split)",
    default: RUN_DEFAULTS.teamApiKeyEnv,
  },
  revokedApiKeyEnv: {
    flags: "--revoked-api-key-env <name>",
    description: "environment variable holding a revoked key (optional: 401 invalid_token, never served)",
    default: RUN_DEFAULTS.revokedApiKeyEnv,
  },
  noCreditsApiKeyEnv: {
    flags: "--no-credits-api-key-env <name>",
    description: "environment variable holding a Plus key without credits (optional: 402 on influencer)",
    default: RUN_DEFAULTS.noCreditsApiKeyEnv,
  },
  env: { notAFlag: "the CLI passes its own environment, where the key variables are read" },
  fixtures: {
    flags: "--fixtures <file>",
    description: "JSON file of known ids (schemas/fixtures.schema.json); default: discover via /resolve",
  },
  suites: {
    flags: "--suite <name>",
    description: `run only this suite; repeatable (${SUITE_ORDER.join(", ")})`,
    parse: collect,
  },
  seed: SEED_FLAG,
  runs: {
    flags: "--runs <n>",
    description:
      `property-based runs per operation in the schema and alt-base-url suites (default ${RUN_DEFAULTS.runs}; ` +
      "fewer when a declared --expect-rate-limit is too low for them)",
    parse: (text) => integerIn(text, "--runs"),
  },
  maxPairwise: {
    flags: "--max-pairwise <n>",
    description:
      "pairwise cases of the coverage phase per operation (default: every pair of valid values; fewer when a " +
      "declared --expect-rate-limit is too low for them; 0: values alone only)",
    parse: (text) => integerIn(text, "--max-pairwise", 0),
  },
  coveragePhase: {
    notAFlag:
      "the coverage phase is part of every run; tests that judge responses rather than inputs leave it out (--max-pairwise 0 shortens it)",
  },
  har: {
    flags: "--har <file>",
    description: "also write every exchange as HAR 1.2 to this file (keys never included; bodies capped)",
  },
  concurrency: {
    flags: "--concurrency <n>",
    description:
      "requests in flight at once in the schema suite (1..16); the contract recommends calls one after " +
      "another, so raise it only against your own servers (for example the embedded one)",
    parse: parseConcurrency,
    default: RUN_DEFAULTS.concurrency,
  },
  strict: {
    flags: "--strict",
    description: "count every warning as a failure (exit 1); warnings mark readings the contract leaves open",
  },
  maxCalls: {
    flags: "--max-calls <n>",
    description:
      "never send more than this many requests (default: the planned calls plus a reserve for shrinking " +
      "and 429 repeats; below the planned calls the run refuses to start)",
    parse: (text) => integerIn(text, "--max-calls"),
  },
  maxFailures: {
    flags: "--max-failures <n>",
    description:
      "stop the run once this many outcomes failed (a check failing on one call is one; warnings too under " +
      "--strict): a fast CI gate or bug hunt; the verdict is fail, and checks not reached are not judged " +
      "(default: no limit)",
    parse: (text) => integerIn(text, "--max-failures"),
  },
  expectRateLimit: {
    flags: "--expect-rate-limit <calls/seconds>",
    description:
      `limit the target must enforce (default ${RUN_DEFAULTS.expectRateLimit}; embedded: its window); ` +
      "when given, every call is paced to stay under it",
  },
  allowLoad: {
    flags: "--allow-load",
    description: "run the rate-limit and batch-limits suites against a non-loopback target",
  },
  allowCredits: {
    flags: "--allow-credits",
    description: "allow influencer reads, which spend credits (always on for the embedded server)",
  },
  maxCredits: {
    flags: "--max-credits <n>",
    description: `most credits the run may spend on influencer reads (default ${RUN_DEFAULTS.maxCredits}; implies --allow-credits; 0 spends none)`,
    parse: (text) => integerIn(text, "--max-credits", 0),
  },
  allowInconclusive: {
    flags: "--allow-inconclusive",
    description:
      "exit 0 even when some checks are inconclusive (no failure found, but no verdict on them either); " +
      "without it such a run is incomplete (exit 2)",
  },
  reportDir: {
    flags: "--report-dir <dir>",
    description:
      "where junit.xml, report.json, report.md, report.html go, overwriting them " +
      "(default a new reports/run/<timestamp>, copied to reports/run/latest)",
  },
  shard: {
    flags: "--shard <i/n>",
    description: "run only shard I of N (deterministic split of the cases)",
  },
  timeoutMs: {
    flags: "--timeout-ms <ms>",
    description: "per-request timeout",
    parse: (text) => integerIn(text, "--timeout-ms"),
    default: RUN_DEFAULTS.timeoutMs,
  },
  ...guardFlags("run"),
  altIgnore: {
    flags: "--alt-ignore <pointer...>",
    description: `JSON pointers the alt-base-url comparison ignores (default ${RUN_DEFAULTS.altIgnore.join(" ")})`,
    parse: (text, previous) => collect(jsonPointer(text, "--alt-ignore"), previous),
  },
  failOnUnexercised: {
    flags: "--fail-on-unexercised",
    description:
      "exit 1 when a rule of a selected suite judged no exchange (the report's coverage section says why)",
  },
  minExercised: {
    flags: "--min-exercised <n>",
    description:
      "exit 1 when a rule of a selected suite judged fewer than n exchanges (implies --fail-on-unexercised)",
    parse: (text) => integerIn(text, "--min-exercised"),
  },
  maxBodyBytes: { notAFlag: "a safety cap of the transport; library callers (tests) lower it" },
  judgeAheadFromRuns: {
    notAFlag:
      "a tuning point of where judging moves to the second core (no effect on verdicts); tests lower it",
  },
  embeddedRateLimit: { notAFlag: "the embedded server's window is fixed for the CLI; tests change it" },
  embeddedRateWindowMs: { notAFlag: "the embedded server's window is fixed for the CLI; tests change it" },
  clock: { notAFlag: "the CLI passes the time of its io (the system's)" },
  mutation: { notAFlag: "seeded bugs of the embedded server are for library tests (`serve --mutation`)" },
  embeddedMode: {
    flags: "--embedded-child",
    description:
      "run the embedded server in a child process: a server that hangs then ends as timeouts of its calls " +
      "instead of stopping the run (default: in this process, faster)",
    preset: "child",
  },
  ...QUIET_FLAG,
  ...REPORT_FORMATS_FLAG,
};
