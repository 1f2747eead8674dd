/**
 * What generation knows of a `format` (JSON Schema's named grammars, and our own preferences): values by
 * construction for the random phase, and named forms for the coverage phase — forms inside the grammar, forms
 * outside it, and forms a server may take either way (contract/format-readings.ts). Length bounds, where the
 * schema sets them, are in characters (code points).
 */
import type fc from "fast-check";

/** One named value of a format. */
export interface FormValue {
  value: string;
  /** What the form shows, e.g. `lower-case t and z`. */
  label: string;
}

/** Generation of one format. */
export interface FormatGenerator {
  /** Values in the format, `min`..`max` characters, by construction. */
  arbitrary(min: number, max: number): fc.Arbitrary<string>;
  /** Every form the format allows, each `min`..`max` characters (forms that cannot fit are left out). */
  inside(min: number, max: number): FormValue[];
  /** Forms outside the format, each `min`..`max` characters. */
  outside(min: number, max: number): FormValue[];
  /** Forms a server may take either way, whatever the grammar says (contract/format-readings.ts). */
  leeway(): FormValue[];
}

/** The forms whose length (in code points) is within `min`..`max`. */
export function fitting(forms: FormValue[], min: number, max: number): FormValue[] {
  return forms.filter(({ value }) => {
    const n = [...value].length;
    return n >= min && n <= max;
  });
}
