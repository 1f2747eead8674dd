/** The flags of `cbcheck merge`: where the merged reports go, and the coverage gate. */
import { integerIn } from "../../option-values.js";
import type { FlagTable } from "../flag-table.js";
import { REPORT_FORMATS_FLAG, type ReportFormatOptions } from "../report-formats-flag.js";

/** Options of `cbcheck merge` besides its report directories. */
export interface MergeOptions {
  /** Where the merged reports are written. */
  reportDir?: string;
  /** Fail when a rule judged no exchange in any shard (as `run --fail-on-unexercised`). */
  failOnUnexercised?: boolean;
  /** Fail when a rule judged fewer than N exchanges in all shards together (as `run --min-exercised N`). */
  minExercised?: number;
}

/** `cbcheck merge`'s decision for every option. */
export const MERGE_FLAGS: FlagTable<MergeOptions & ReportFormatOptions> = {
  reportDir: {
    flags: "--report-dir <dir>",
    description:
      "where the merged reports are written, overwriting them " +
      "(default a new reports/merge/<timestamp>, copied to reports/merge/latest)",
  },
  failOnUnexercised: {
    flags: "--fail-on-unexercised",
    description:
      "exit 1 when a rule judged no exchange in any shard (shards run with the flag ask for it themselves)",
  },
  minExercised: {
    flags: "--min-exercised <n>",
    description: "exit 1 when a rule judged fewer than n exchanges in all shards together",
    parse: (text) => integerIn(text, "--min-exercised"),
  },
  ...REPORT_FORMATS_FLAG,
};
