/** The flags of `cbcheck merge`: where the merged reports go. */
import type { FlagTable } from "../flag-table.js";

/** Options of `cbcheck merge` besides its report directories. */
export interface MergeOptions {
  /** Where the merged reports are written. */
  reportDir?: string;
}

/** `cbcheck merge`'s decision for every option. */
export const MERGE_FLAGS: FlagTable<MergeOptions> = {
  reportDir: {
    flags: "--report-dir <dir>",
    description:
      "where the merged reports are written, overwriting them " +
      "(default a new reports/merge/<timestamp>, copied to reports/merge/latest)",
  },
};
