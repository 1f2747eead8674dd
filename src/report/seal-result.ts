/**
 * A command's result as it leaves its library function: the report (every row, note, coverage value and
 * detail), the HTML sections and the stop reason pass once through the command's `Redactor`, so that every
 * consumer — the library's caller, the CLI's summary, the report files — holds redacted text only. Exchanges
 * were redacted when recorded (ResultCollector, HarRecorder, the proxy's judge); this catches what a target
 * sent that reached the report another way (a note quoting a body, a value tallied in `coverage.seen`).
 */
import type { Redactor } from "../redactor.js";
import type { CommandResult } from "./model.js";

/** `result` with its report, sections and stop reason redacted (its HAR document was redacted when recorded). */
export function sealResult<R extends CommandResult>(result: R, redactor: Redactor): R {
  return {
    ...result,
    report: redactor.value(result.report),
    sections: result.sections.map((s) => ({ title: redactor.text(s.title), html: redactor.text(s.html) })),
    ...(result.stopped !== undefined ? { stopped: redactor.text(result.stopped) } : {}),
  };
}
