/** The flags of `cbcheck compare`, typed from `CompareOptions`. */

import { HarnessError } from "../../errors.js";
import { GENERATED_OPERATIONS, type GeneratedOperation } from "../../generate/generated-operation.js";
import { envVarName, httpUrl, integerIn, jsonPointer } from "../../option-values.js";
import { COMPARE_DEFAULTS, DEFAULT_COMPARE_IGNORE } from "../../runner/compare/compare-defaults.js";
import type { CompareOptions } from "../../runner/compare/compare-options.js";
import { collect, type FlagTable } from "../flag-table.js";
import { type ProgressOutputOptions, QUIET_FLAG } from "../quiet-flag.js";
import { REPORT_FORMATS_FLAG, type ReportFormatOptions } from "../report-formats-flag.js";
import { guardFlags } from "./guard-flags.js";
import { HEADER_FLAG } from "./header-flag.js";
import { SEED_FLAG } from "./seed-flag.js";

/** One of the generated operations, or a usage error naming them. */
function operationName(text: string): GeneratedOperation {
  if ((GENERATED_OPERATIONS as readonly string[]).includes(text)) return text as GeneratedOperation;
  throw new HarnessError(
    "CB_USAGE",
    `--operation must be one of ${GENERATED_OPERATIONS.join(", ")}, got "${text}"`,
  );
}

/** Where the comparison's reports go. */
export interface CompareOutputOptions {
  reportDir?: string;
}

/** `cbcheck compare`'s decision for every option. */
export const COMPARE_FLAGS: FlagTable<
  CompareOptions & CompareOutputOptions & ProgressOutputOptions & ReportFormatOptions
> = {
  baseUrl: {
    flags: "--base-url <url>",
    description: "the release to compare against (its {base_url}, ending in /v1)",
    parse: (text) => httpUrl(text, "--base-url"),
    isRequired: true,
  },
  candidateUrl: {
    flags: "--candidate-url <url>",
    description: "the candidate release ({base_url} of the new version)",
    parse: (text) => httpUrl(text, "--candidate-url"),
    isRequired: true,
  },
  env: { notAFlag: "the CLI passes its environment; keys come only from the variables named below" },
  apiKeyEnv: {
    flags: "--api-key-env <name>",
    description: "variable holding the key for the base",
    parse: (text) => envVarName(text),
    default: "CB_API_KEY",
  },
  candidateApiKeyEnv: {
    flags: "--candidate-api-key-env <name>",
    description: "variable holding the key for the candidate (default: the base's)",
    parse: (text) => envVarName(text),
  },
  headers: HEADER_FLAG,
  fixtures: {
    flags: "--fixtures <file>",
    description: "known ids (default: a few found through the base's /resolve)",
  },
  seed: SEED_FLAG,
  runs: {
    flags: "--runs <n>",
    description: "generated requests per operation (besides the parameter examples and every bound case)",
    parse: (text) => integerIn(text, "--runs"),
    default: COMPARE_DEFAULTS.runs,
  },
  operations: {
    flags: "--operation <op>",
    description: `compare only this operation (repeatable; default all: ${GENERATED_OPERATIONS.join(", ")})`,
    parse: (text, previous) => [...(previous ?? []), operationName(text)],
  },
  ignore: {
    flags: "--ignore <pointer>",
    description: `JSON pointer compared as data, never breaking (repeatable; * = one segment; default ${DEFAULT_COMPARE_IGNORE.join(" ")})`,
    parse: (text, previous) => collect(jsonPointer(text, "--ignore"), previous),
  },
  maxCalls: {
    flags: "--max-calls <n>",
    description: "refuse to start when the comparison needs more calls than this (both releases counted)",
    parse: (text) => integerIn(text, "--max-calls"),
    default: COMPARE_DEFAULTS.maxCalls,
  },
  timeoutMs: {
    flags: "--timeout-ms <ms>",
    description: "per-request timeout",
    parse: (text) => integerIn(text, "--timeout-ms"),
    default: COMPARE_DEFAULTS.timeoutMs,
  },
  ...guardFlags("comparison"),
  allowCredits: {
    flags: "--allow-credits",
    description: "also compare influencer reads (they spend credits on both)",
  },
  reportDir: {
    flags: "--report-dir <dir>",
    description:
      "where the reports go (default: a new reports/compare/<timestamp>, copied to reports/compare/latest)",
  },
  ...QUIET_FLAG,
  ...REPORT_FORMATS_FLAG,
};
