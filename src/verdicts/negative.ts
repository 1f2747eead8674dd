/**
 * Verdicts of the `negative` suite: one per named bound case of `negativeCases`, `negative.<case name>` in
 * snake case (e.g. `negative.batch_ids_101`), with the sentence that sets the bound. The case names do not
 * depend on the fixtures (the registry test holds that), so the list is built once from empty ones.
 */
import { type NegativeCase, negativeCases } from "../generate/index.js";
import { emptyFixtures } from "../vocabulary/target-fixtures.js";
import type { JudgedVerdict } from "./judged-verdict.js";

/** The verdict of one bound case. */
export function negativeVerdict(
  c: Pick<NegativeCase, "name" | "section" | "sentence" | "bound">,
): JudgedVerdict {
  return {
    id: `negative.${c.name.replaceAll("-", "_")}`,
    section: c.section,
    sentence: `${c.sentence} (${c.bound})`,
    level: "fail",
    judgedIn: ["src/runner/suites/negative.ts"],
  };
}

let all: JudgedVerdict[] | undefined;

/** Every bound case's verdict, built on first use (the cases include a 10 MB body). */
export function negativeVerdicts(): readonly JudgedVerdict[] {
  all ??= negativeCases(emptyFixtures()).map(negativeVerdict);
  return all;
}
