/**
 * The flags of `cbcheck load`, typed from `LoadOptions` and `MergeOptions`: every option is a flag or says
 * why it is not.
 */
import { MAX_START_WAIT_SECONDS, resolveStart } from "../../load/coordinated-start.js";
import { LOAD_DEFAULTS, loadNumber } from "../../load/load-defaults.js";
import type { LoadOptions } from "../../load/load-options.js";
import type { MergeOptions } from "../../load/merge-load.js";
import { builtInProfileNames } from "../../load/profile-names.js";
import { parseSegment, segmentLabel } from "../../load/segment.js";
import { numberIn } from "../../option-values.js";
import { collect, type FlagTable } from "../flag-table.js";
import { type ProgressOutputOptions, QUIET_FLAG } from "../quiet-flag.js";
import { REPORT_FORMATS_FLAG, type ReportFormatOptions } from "../report-formats-flag.js";
import { parseSeed } from "./seed-flag.js";
import { parseMutation } from "./serve-flags.js";

/** `cbcheck load`'s decision for every option of `LoadOptions` and `MergeOptions`. */
export const LOAD_FLAGS: FlagTable<LoadOptions & MergeOptions & ProgressOutputOptions & ReportFormatOptions> =
  {
    baseUrl: {
      flags: "--base-url <url>",
      description: "target API root including /v1 (default: start the embedded reference server)",
    },
    apiKeyEnv: {
      flags: "--api-key-env <name>",
      description: "environment variable holding the API key",
      default: LOAD_DEFAULTS.apiKeyEnv,
    },
    env: { notAFlag: "the CLI passes its own environment, where the key variable is read" },
    clock: { notAFlag: "the CLI passes the time of its io (the system's)" },
    profiles: {
      flags: "--profile <name|file>",
      description: `profile to run; repeatable (built in: ${builtInProfileNames().join(", ")})`,
      parse: collect,
    },
    expectRateLimit: {
      flags: "--expect-rate-limit <calls/seconds>",
      description: `limit the target enforces; profiles pace under it (default for --base-url ${LOAD_DEFAULTS.expectRateLimit})`,
    },
    allowRemoteLoad: {
      flags: "--allow-remote-load",
      description: "allow a target that is not on this machine (you must own it)",
    },
    reportDir: {
      flags: "--report-dir <dir>",
      description:
        "where junit.xml, report.json, report.md, report.html go, overwriting them " +
        "(default a new reports/load/<timestamp>, copied to reports/load/latest)",
    },
    fixtures: {
      flags: "--fixtures <file>",
      description: "JSON file of known ids (schemas/fixtures.schema.json) for a --base-url target",
    },
    durationSeconds: {
      flags: "--duration <seconds>",
      description: "override every profile's duration",
      parse: (text) => loadNumber("durationSeconds", text),
    },
    sampleRate: {
      flags: "--sample-rate <share>",
      description: "check bodies of this share of responses, 0 < share ≤ 1 (default 1: all)",
      parse: (text) => loadNumber("sampleRate", text),
    },
    har: {
      flags: "--har <file>",
      description:
        "write a sample of the exchanges (at most 2,000, spread over the run) as HAR 1.2; keys never included",
    },
    maxCalls: {
      flags: "--max-calls <n>",
      description: "hard cap on calls over the whole run",
      parse: (text) => loadNumber("maxCalls", text),
      default: LOAD_DEFAULTS.maxCalls,
    },
    maxSeconds: {
      flags: "--max-seconds <s>",
      description: "hard cap on the whole run's time",
      parse: (text) => loadNumber("maxSeconds", text),
      default: LOAD_DEFAULTS.maxSeconds,
    },
    validators: {
      flags: "--validators <n>",
      description: "worker threads checking bodies",
      parse: (text) => loadNumber("validators", text),
      default: LOAD_DEFAULTS.validators,
    },
    merge: {
      flags: "--merge <report.json...>",
      description:
        "send nothing: merge the reports of the N segments of one run (or of whole runs side by side) and " +
        "judge the budgets and the limiter again on the whole",
      parse: collect,
    },
    allowInconclusive: {
      flags: "--allow-inconclusive",
      description:
        "exit 0 even when some verdicts are inconclusive (the run could not reach what they need, e.g. on a " +
        "starved machine); without it such a run is incomplete (exit 2)",
    },
    embeddedMode: {
      flags: "--in-process",
      description: "run the embedded server in this process (default: a child process)",
      preset: "in-process",
    },
    segment: {
      flags: "--segment <i/n>",
      description:
        "run segment I of N equal parts of every profile (1-based, like run --shard): N processes given the same " +
        "flags send together what one would; needs --base-url; merge their reports with --merge",
      parse: (text) => segmentLabel(parseSegment(text)),
    },
    seed: {
      flags: "--seed <n>",
      description: "seed of the ids and queries the requests use; the same in every segment of a run",
      parse: parseSeed,
      default: 0,
    },
    startAt: {
      flags: "--start-at <time>",
      description:
        "begin the first profile at this RFC 3339 time (e.g. 2026-05-04T12:00:00Z), at most an hour ahead: " +
        "segments on several machines start together; one more than 1 s late says so in its report",
      parse: (text) => {
        resolveStart({ startAt: text }, Date.now());
        return text;
      },
    },
    startAfter: {
      flags: "--start-after <seconds>",
      description: "begin the first profile this many seconds after start-up (at most 3600)",
      parse: (text) => numberIn(text, "--start-after", 0, MAX_START_WAIT_SECONDS),
    },
    mutation: {
      flags: "--mutation <id>",
      description: "test only: seed a bug into the embedded server",
      parse: parseMutation,
      isHidden: true,
    },
    ...QUIET_FLAG,
    ...REPORT_FORMATS_FLAG,
  };
