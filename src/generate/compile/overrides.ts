/**
 * Hand-written pieces the compiler takes where data matters (known ids from the fixtures, predicate names,
 * queries the target can answer): at a JSON pointer into the decoded request (`/ids/items`, `/id`,
 * `/query`), an arbitrary that replaces the compiled one, and named values the coverage phase sends. Both
 * must keep to the schema at that place; the generator's tests hold them to it.
 */
import type fc from "fast-check";
import type { CanonicalSchema } from "../../contract/canonical-schema.js";

/** One named value of an override. */
export interface NamedValue {
  value: unknown;
  label: string;
}

/** What replaces compiled generation at one place. */
export interface Override {
  /** Values for the random phase, given the (preferred) schema at that place. */
  arbitrary?(schema: CanonicalSchema): fc.Arbitrary<unknown>;
  /** Named values for the coverage phase, sent as valid, first in their list. */
  examples?: readonly NamedValue[];
}

/** Overrides by JSON pointer. */
export type Overrides = Readonly<Record<string, Override>>;
