/** The flags of `cbcheck replay`, typed from `ReplayOptions`. */
import { envVarName, integerIn } from "../../option-values.js";
import type { ReplayOptions } from "../../runner/replay.js";
import type { FlagTable } from "../flag-table.js";

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
  apiKeyEnv: {
    flags: "--api-key-env <name>",
    description: "variable holding the key when the recorded request does not name one",
    parse: (text) => envVarName(text),
    default: "CB_API_KEY",
  },
  timeoutMs: {
    flags: "--timeout-ms <ms>",
    description: "whole-request timeout",
    parse: (text) => integerIn(text, "--timeout-ms", 1),
    default: 10_000,
  },
  maxBodyBytes: { notAFlag: "the response cap of run (16 MiB) is kept" },
};
