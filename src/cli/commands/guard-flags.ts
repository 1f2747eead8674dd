/**
 * The flags of the guards every command that sends to a target shares (`run`, `compare`: send-guard.ts):
 * the overall deadline and the two give-up limits, with the same names, parsers and defaults everywhere.
 */
import { integerIn } from "../../option-values.js";
import { RUN_DEFAULTS } from "../../runner/run-defaults.js";
import type { GuardLimits } from "../../runner/send-guard.js";
import type { Flag } from "../flag-table.js";

/** `--deadline-s`, `--give-up-after-failures`, `--give-up-after-429s`; `what` names the command's work. */
export function guardFlags(what: string): { [K in keyof GuardLimits]: Flag<number> } {
  return {
    deadlineS: {
      flags: "--deadline-s <s>",
      description: `overall deadline of the ${what}: it stops there (incomplete, exit 2) with what it judged`,
      parse: (text) => integerIn(text, "--deadline-s"),
      default: RUN_DEFAULTS.deadlineS,
    },
    giveUpAfterFailures: {
      flags: "--give-up-after-failures <n>",
      description: "stop after this many calls in a row without a response (timeout, reset) from one target",
      parse: (text) => integerIn(text, "--give-up-after-failures"),
      default: RUN_DEFAULTS.giveUpAfterFailures,
    },
    giveUpAfter429s: {
      flags: "--give-up-after-429s <n>",
      description: "stop after this many 429s in a row from one target, each waited out (Retry-After)",
      parse: (text) => integerIn(text, "--give-up-after-429s"),
      default: RUN_DEFAULTS.giveUpAfter429s,
    },
  };
}
