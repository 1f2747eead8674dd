/** The flags of `cbcheck replay`, typed from `ReplayOptions`. */
import { envVarName, httpUrl, integerIn } from "../../option-values.js";
import type { ReplayOptions } from "../../runner/replay.js";
import type { FlagTable } from "../flag-table.js";
import { guardFlags } from "./guard-flags.js";
import { HEADER_FLAG } from "./header-flag.js";

/** Every option of `ReplayOptions` but the report and the environment, which the CLI supplies. */
export type ReplayFlagOptions = Omit<ReplayOptions, "report" | "env">;

/** `cbcheck replay`'s decision for every option. */
export const REPLAY_FLAGS: FlagTable<ReplayFlagOptions> = {
  check: { flags: "--check <id>", description: "replay the first counterexample of this failing check" },
  index: {
    flags: "--index <n>",
    description: "replay the n-th counterexample of the failing checks (1 = first, report order)",
    parse: (text) => integerIn(text, "--index", 1),
  },
  baseUrl: {
    flags: "--base-url <url>",
    description:
      "where to send (the recorded path kept); without it, the report's base URL only if it is your configured " +
      "target (CBCHECK_BASE_URL, config) or, none configured, on this machine",
    parse: (text) => httpUrl(text, "--base-url"),
  },
  altBaseUrl: {
    flags: "--alt-base-url <url>",
    description: "the same, for a request recorded against the report's alternate base URL",
    parse: (text) => httpUrl(text, "--alt-base-url"),
  },
  configuredBaseUrl: {
    notAFlag:
      "--base-url from CBCHECK_BASE_URL or the config file: it confirms the report's, never redirects",
  },
  configuredAltBaseUrl: { notAFlag: "--alt-base-url from CBCHECK_ALT_BASE_URL or the config file" },
  apiKeyEnv: {
    flags: "--api-key-env <name>",
    description: "the variable holding the key sent (a variable the report names is never read)",
    parse: (text) => envVarName(text),
    default: "CB_API_KEY",
  },
  timeoutMs: {
    flags: "--timeout-ms <ms>",
    description: "whole-request timeout",
    parse: (text) => integerIn(text, "--timeout-ms", 1),
    default: 10_000,
  },
  headers: HEADER_FLAG,
  maxBodyBytes: { notAFlag: "the response cap of run (16 MiB) is kept" },
  onSend: { notAFlag: "the CLI prints the line on stdout before sending" },
  ...guardFlags("replay"),
  signal: { notAFlag: "the CLI's SIGINT/SIGTERM abort it" },
};
