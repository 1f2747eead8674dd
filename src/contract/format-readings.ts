/**
 * Forms of a format's value that sit outside what the contract can be held to, whatever a strict grammar
 * says of them: a conforming server may accept them or refuse them (400), so requests carrying them are
 * *open* (docs/generation.md, "Open requests"). Each reading says how to undo it; a value is in the reading
 * when undoing it gives a value the registry's format accepts, so a form that is wrong for another reason
 * too stays invalid.
 */

/** One reading of a format. */
export interface FormatReading {
  /** What the form is, for reports. */
  name: string;
  /** Where the leeway comes from. */
  source: string;
  /** The value with the form undone, or undefined when the value is not in this form. */
  undo(value: string): string | undefined;
}

/**
 * `date-time` (RFC 3339 §5.6) forms a server may take either way. Every form of the grammar must be
 * accepted, leap seconds included (docs/contract-rules.md, `as_of`); only the space the RFC's own note lets an
 * application choose sits outside it without being forbidden.
 */
const DATE_TIME: readonly FormatReading[] = [
  {
    name: "space instead of T",
    source:
      "RFC 3339 §5.6 NOTE: applications may choose a space between full-date and full-time for readability",
    undo: (v) => (/^\d{4}-\d\d-\d\d \d/.test(v) ? `${v.slice(0, 10)}T${v.slice(11)}` : undefined),
  },
];

/** The readings of each format the request schemas use. */
export const FORMAT_READINGS: Readonly<Record<string, readonly FormatReading[]>> = Object.freeze({
  "date-time": DATE_TIME,
});

/** The reading a value of `format` is in, given the registry's test of the format; undefined if none. */
export function readingOf(
  format: string,
  value: string,
  test: ((value: string) => boolean) | undefined,
): FormatReading | undefined {
  for (const reading of FORMAT_READINGS[format] ?? []) {
    const undone = reading.undo(value);
    if (undone !== undefined && (test === undefined || test(undone))) return reading;
  }
  return undefined;
}
