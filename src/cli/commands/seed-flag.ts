/** The `--seed` flag shared by the commands that generate requests (`run`, `compare`). */
import { integerIn } from "../../option-values.js";
import type { Flag } from "../flag-table.js";

/** A `--seed` value: a non-negative integer. */
export const parseSeed = (text: string): number => integerIn(text, "--seed", 0);

/** `--seed <n>`: a non-negative integer; absent means random, printed so a run can be repeated. */
export const SEED_FLAG: Flag<number> = {
  flags: "--seed <n>",
  description: "seed of the generated requests (default: random, printed)",
  parse: parseSeed,
};
