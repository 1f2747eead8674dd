/**
 * Rule `client.output_delivered`: every id the server delivered is in the output exactly once, with its node and
 * extensions as served; nothing lost when the client says the job is done (exit 0, or non-zero after writing
 * ids as failed); no line invented.
 */
import { jobEnd } from "../job-end.js";
import type { OutputLine } from "../output-file.js";
import { type ClientRule, fail, pass } from "../rule.js";
import { collectServed } from "../served-data.js";
import { jsonEqual } from "../trace-facts.js";
import { describeEnd } from "./wait-retry-after.js";

/** Envelope/Identifiers: the read returns the payloads; "A payload field that is absent is unknown". */
export const outputDelivered: ClientRule = {
  id: "client.output_delivered",
  title: "Every delivered id in the output, as served, exactly once",
  sentence:
    "POST /entities/batch … this is the main operation for integrations. A payload field that is absent is unknown; it does not mean `false` or `0`.",
  section: "POST /entities/batch; Identifiers (certification job: CB_OUTPUT_FILE)",
  level: "required",
  grade(trace, output, run) {
    const served = collectServed(trace, run.extend);
    const requested = new Set(run.requestedIds);
    const byId = new Map<string, OutputLine[]>();
    for (const line of output.lines) byId.set(line.id, [...(byId.get(line.id) ?? []), line]);
    const bad: string[] = [...output.problems];
    for (const [id, lines] of byId) {
      if (!requested.has(id)) bad.push(`line ${lines[0].line}: ${id} was not requested`);
      if (lines.length > 1)
        bad.push(`${id} appears ${lines.length} times (lines ${lines.map((l) => l.line).join(", ")})`);
    }
    for (const [id, delivery] of served.delivered) {
      if (!requested.has(id)) continue;
      const line = byId.get(id)?.[0];
      if (!line) bad.push(`${id} was delivered by call ${delivery.calls[0]} but is not in the output`);
      else if (line.kind !== "delivered")
        bad.push(
          `line ${line.line}: ${id} was delivered by call ${delivery.calls[0]} but written as ${line.kind}`,
        );
      else if (!jsonEqual(line.node, delivery.node))
        bad.push(`line ${line.line}: the node of ${id} differs from what call ${delivery.calls[0]} served`);
      else {
        for (const [name, value] of Object.entries(delivery.extensions)) {
          const got = line.extensions?.[name];
          const same = value === undefined ? got === undefined || got === null : jsonEqual(got, value);
          if (!same)
            bad.push(
              `line ${line.line}: extension ${name} of ${id} differs from what call ${delivery.calls[0]} served`,
            );
        }
      }
    }
    for (const line of output.lines) {
      // Ids the server listed missing belong to `client.output_missing_reported`.
      if (served.missing.has(line.id)) continue;
      if (line.kind === "delivered" && !served.delivered.has(line.id))
        bad.push(`line ${line.line}: ${line.id} written as delivered but never served`);
      if (line.kind === "failed" && !served.delivered.has(line.id) && !served.errored.has(line.id)) {
        bad.push(`line ${line.line}: ${line.id} written as failed but no call asking for it got an error`);
      }
    }
    // Nothing may be lost once the client says the job is done (exit 0, or non-zero after per-id failures);
    // where the scenario stops the job (401/402/403, a long Retry-After) unfetched ids are not lost.
    if (!run.expectsStop && jobEnd(run, output) !== "stopped") {
      const lost = run.requestedIds.filter(
        (id) => !byId.has(id) && !served.delivered.has(id) && !served.missing.has(id),
      );
      if (lost.length > 0)
        bad.push(
          `${lost.length} requested id(s) absent from the output although the client ${describeEnd(run)} saying the job was done, e.g. ${lost.slice(0, 3).join(", ")}`,
        );
    }
    if (!output.exists && served.delivered.size > 0) bad.unshift("the client never wrote CB_OUTPUT_FILE");
    if (bad.length > 0) return fail(`${bad.length} problem(s)`, ...bad.slice(0, 10));
    const failed = output.lines.filter((l) => l.kind === "failed").length;
    return pass(
      `${served.delivered.size} delivered id(s) written once each with node and extensions as served` +
        (failed > 0 ? `; ${failed} id(s) written as failed after an error answer` : ""),
    );
  },
};
