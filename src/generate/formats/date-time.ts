/**
 * Generation of `date-time` (RFC 3339 §5.6, as JSON Schema names it): every form the grammar allows, by
 * construction — upper- and lower-case `T`/`Z`, fractions of 1 to 12 digits, `Z` and numeric offsets
 * (`-00:00` included, RFC 3339 §4.3), leap days, leap seconds where one occurred — in years 0001 to 9999;
 * forms outside the grammar; and the one form a server may take either way, a space for `T`
 * (contract/format-readings.ts), which is open.
 */
import fc from "fast-check";
import type { FormatGenerator, FormValue } from "./format-generator.js";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const isLeap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysIn = (y: number, m: number) =>
  [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];

/** A numeric offset `±hh:mm` with hours 00–14 (the offsets in use; RFC 3339 allows up to 23). */
const offset = fc
  .tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 15, 30, 45))
  .map(([sign, h, m]) => `${sign}${pad(h)}:${pad(m)}`);

/** Date-times of every allowed form, built from their parts (the day always exists in its month). */
function dateTimes(): fc.Arbitrary<string> {
  return fc
    .record({
      year: fc.integer({ min: 1, max: 9999 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      second: fc.integer({ min: 0, max: 59 }),
      fraction: fc.option(fc.stringMatching(/^[0-9]{1,12}$/), { nil: "" }),
      t: fc.constantFrom("T", "t"),
      zone: fc.oneof(fc.constantFrom("Z", "z", "-00:00"), offset),
    })
    .map((p) => {
      const day = Math.min(p.day, daysIn(p.year, p.month));
      const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(day)}`;
      const frac = p.fraction === "" ? "" : `.${p.fraction}`;
      return `${date}${p.t}${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${frac}${p.zone}`;
    });
}

const INSIDE: FormValue[] = [
  { value: "2024-06-30T12:00:00Z", label: "UTC, no fraction" },
  { value: "2024-02-29t23:59:59z", label: "lower-case t and z, leap day" },
  { value: "2024-06-30T12:00:00.5Z", label: "fraction of one digit" },
  { value: "2024-06-30T12:00:00.123456789+14:00", label: "fraction of nine digits, offset +14:00" },
  { value: "2024-06-30T12:00:00.123456789012-12:00", label: "fraction of twelve digits, offset -12:00" },
  { value: "2024-06-30T12:00:00-00:00", label: "offset -00:00 (unknown local offset)" },
  { value: "2016-12-31T23:59:60Z", label: "leap second (RFC 3339 §5.7)" },
  { value: "0001-01-01T00:00:00Z", label: "year 0001" },
  { value: "9999-12-31T23:59:59.999Z", label: "latest year (9999)" },
  // The bounds a validator gets wrong most: a century leap year (divisible by 400), offsets at ±23:59.
  { value: "2000-02-29T12:00:00Z", label: "29 February of a century leap year (2000)" },
  { value: "2024-06-30T12:00:00+23:59", label: "offset +23:59 (its upper bound)" },
  { value: "2024-06-30T12:00:00-23:59", label: "offset -23:59 (its lower bound)" },
  // A leap second in local time, as RFC 3339 §5.8's own example: 23:59:60 UTC once the offset is applied.
  { value: "1990-12-31T15:59:60-08:00", label: "leap second with offset -08:00 (RFC 3339 §5.8)" },
  { value: "2017-01-01T05:29:60+05:30", label: "leap second with offset +05:30" },
];

const OUTSIDE: FormValue[] = [
  { value: "2024-06-30T12:00:00", label: "no offset" },
  { value: "2024-06-30", label: "a date only" },
  { value: "2024-13-01T00:00:00Z", label: "month 13" },
  { value: "2023-02-29T00:00:00Z", label: "29 February of a common year" },
  { value: "2024-06-30T24:00:00Z", label: "hour 24" },
  { value: "2024-06-30T12:60:00Z", label: "minute 60" },
  { value: "2024-06-30T12:00:00+24:00", label: "offset +24:00" },
  { value: "2024-06-30T12:00:00+0100", label: "offset without a colon" },
  { value: "2024-06-30T12:00:00+01", label: "offset of hours only" },
  { value: "2024-06-30T12:00:00.Z", label: "a fraction without digits" },
  { value: "2024-06-30T12:00:00,5Z", label: "a comma before the fraction" },
  { value: "yesterday", label: "not a date-time" },
  // A date-time inside other text (a pattern without its anchors takes it), and fields one past their bounds.
  { value: "x2024-06-30T12:00:00Z", label: "text before a date-time" },
  { value: "2024-06-30T12:00:00Zx", label: "text after a date-time" },
  { value: "1900-02-29T00:00:00Z", label: "29 February of a century year not divisible by 400 (1900)" },
  { value: "2024-00-10T00:00:00Z", label: "month 00" },
  { value: "2024-06-00T00:00:00Z", label: "day 00" },
  { value: "2024-06-30T12:00:00+00:60", label: "offset minute 60" },
  // §5.7: a second 60 only at the end of a month (23:59 UTC of its last day); never a second 61.
  { value: "2024-06-30T12:00:60Z", label: "second 60 outside 23:59 UTC" },
  { value: "2024-06-15T23:59:60Z", label: "second 60 at 23:59 UTC of a day that does not end its month" },
  { value: "2016-12-31T23:59:61Z", label: "second 61" },
];

const LEEWAY: FormValue[] = [{ value: "2024-06-30 12:00:00Z", label: "space instead of T" }];

/** Generation of `date-time` (it sets no length, so bounds are not read). */
export const dateTime: FormatGenerator = {
  arbitrary: () => dateTimes(),
  inside: () => INSIDE,
  outside: () => OUTSIDE,
  leeway: () => LEEWAY,
};
