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

/** `date-time` (RFC 3339 §5.6) forms a server may take either way. */
const DATE_TIME: readonly FormatReading[] = [
  {
    name: "space instead of T",
    source:
      "RFC 3339 §5.6 NOTE: applications may choose a space between full-date and full-time for readability",
    undo: (v) => (/^\d{4}-\d\d-\d\d \d/.test(v) ? `${v.slice(0, 10)}T${v.slice(11)}` : undefined),
  },
  {
    name: "leap second",
    source:
      "RFC 3339 §5.7: a second of 60 is valid only where a leap second occurred, which needs a table of them",
    undo: (v) => (/^[^Tt ]+[Tt ]\d\d:\d\d:60/.test(v) ? v.replace(/([Tt ]\d\d:\d\d:)60/, "$159") : undefined),
  },
  {
    name: "year before 1583",
    source: "ISO 8601 (which RFC 3339 profiles): years 0000 to 1582 only by agreement of the parties",
    // Moved by whole 400-year cycles, so that a leap day stays a leap day and any other day stays itself.
    undo: (v) =>
      /^(0\d{3}|1[0-4]\d\d|15[0-7]\d|158[0-2])-/.test(v)
        ? `${2000 + (Number(v.slice(0, 4)) % 400)}${v.slice(4)}`
        : undefined,
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
