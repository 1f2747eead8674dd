/** The `--formats` flag of every command that writes reports (`run`, `load`, `certify-client`, `merge`, `compare`, `proxy`). */
import { parseReportFormats, type ReporterName } from "../report/report-formats.js";
import type { FlagTable } from "./flag-table.js";

/** Which report files to write. */
export interface ReportFormatOptions {
  /** Report files to write (default all four: junit.xml, report.json, report.md, report.html). */
  formats?: ReporterName[];
}

/** `--formats junit,json`: only these report files (`--har` is apart). */
export const REPORT_FORMATS_FLAG: FlagTable<ReportFormatOptions> = {
  formats: {
    flags: "--formats <list>",
    description:
      "report files to write, comma-separated: junit, json, markdown (md), html (default: all four; --har is apart)",
    parse: parseReportFormats,
  },
};
