/** Rule `client.output_missing_reported`: every id the server listed in `coverage.missing` is reported missing. */
import { type ClientRule, fail, pass, skip } from "../rule.js";
import { collectServed } from "../served-data.js";

/** Identifiers: "Unknown input ids are not an error: they are listed in `coverage.missing`". */
export const outputMissingReported: ClientRule = {
  id: "client.output_missing_reported",
  title: "Every missing id reported missing",
  sentence: "Unknown input ids are not an error: they are listed in `coverage.missing`.",
  section: "Identifiers; Errors",
  level: "required",
  grade(trace, output, run) {
    const served = collectServed(trace, run.extend);
    const reported = new Map(output.lines.filter((l) => l.kind === "missing").map((l) => [l.id, l.line]));
    if (served.missing.size === 0 && reported.size === 0) return skip("no id was listed missing");
    const bad: string[] = [];
    for (const [id, call] of served.missing) {
      if (!reported.has(id)) bad.push(`${id} was listed missing by call ${call} but not reported missing`);
    }
    for (const [id, line] of reported) {
      if (!served.missing.has(id))
        bad.push(`line ${line}: ${id} reported missing but never listed in coverage.missing`);
    }
    if (bad.length > 0) return fail(...bad.slice(0, 10));
    return pass(`${served.missing.size} id(s) listed in coverage.missing, each reported missing`);
  },
};
