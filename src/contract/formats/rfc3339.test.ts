import { fullFormats } from "ajv-formats/dist/formats.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRfc3339Date, isRfc3339DateTime, isRfc3339Time, rfc3339Instant } from "./rfc3339.js";

type FormatDefinition = { validate: (text: string) => boolean };
const ajvDateTime = (fullFormats["date-time"] as FormatDefinition).validate;
const ajvTime = (fullFormats.time as FormatDefinition).validate;

/** Text ajv-formats (its default, "full" mode) accepts as `date-time` and RFC 3339 §5.6 does not, and why. */
const LENIENT_DATE_TIMES: [string, string][] = [
  ["2024-01-01 12:00:00Z", "a space for T (a §5.6 NOTE lets applications choose it; the ABNF has T)"],
  ["2024-01-01\t12:00:00Z", "a tab for T"],
  ["2024-01-01\n12:00:00Z", "a line feed for T"],
  ["2024-01-01\u00a012:00:00Z", "a no-break space for T"],
  ["2024-01-01\u300012:00:00Z", "an ideographic space for T"],
  ["2024-01-01T12:00:00+0100", "an offset without its colon"],
  ["2024-01-01T12:00:00-0530", "an offset without its colon"],
  ["2024-01-01T12:00:00+01", "an offset without minutes"],
  ["2024-06-30T24:59:60+01:00", "hour 24 (taken as a leap second once the offset is applied)"],
  ["2024-06-30T23:60:60+00:01", "minute 60 (taken as a leap second once the offset is applied)"],
  ["2024-01-15T23:59:60Z", "a leap second in the middle of a month (§5.7: only at the end of a month)"],
  ["2024-06-29T00:59:60+01:00", "a leap second at 23:59 UTC on a day that ends no month"],
];

/** Text ajv-formats accepts as `time` and RFC 3339 `full-time` does not. */
const LENIENT_TIMES: [string, string][] = [
  ["12:00:00+0100", "an offset without its colon"],
  ["12:00:00+01", "an offset without minutes"],
  ["24:59:60+01:00", "hour 24"],
  ["23:60:60+00:01", "minute 60"],
];

/** Forms RFC 3339 allows that a too-strict judge might refuse. */
const ALLOWED_DATE_TIMES = [
  "2024-01-01T12:00:00Z",
  "2024-01-01t12:00:00z",
  "2024-01-01T12:00:00+01:00",
  "2024-01-01T12:00:00-00:00",
  "2024-01-01T12:00:00+23:59",
  "2024-01-01T12:00:00.5Z",
  "2024-01-01T12:00:00.123456789012345678901234567890Z",
  "2016-12-31T23:59:60Z",
  "2016-12-31T23:59:60.999999999999999Z", // ajv-formats refuses this one: 60.999999999999999 reads as 61
  "2017-01-01T00:59:60+01:00",
  "2016-12-31T18:59:60-05:00",
  "2015-06-30T23:59:60.5z",
  "2024-02-29T00:00:00Z",
  "2000-02-29T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999Z",
];

const NOT_DATE_TIMES = [
  "2023-02-29T00:00:00Z",
  "1900-02-29T00:00:00Z",
  "2024-04-31T00:00:00Z",
  "2024-13-01T00:00:00Z",
  "2024-00-01T00:00:00Z",
  "2024-01-00T00:00:00Z",
  "2024-01-01T12:00:00",
  "2024-01-01T12:00:00.Z",
  "2024-01-01T12:00Z",
  "2024-01-01T12:00:00+24:00",
  "2024-01-01T12:00:00+01:60",
  "2024-01-01T12:00:61Z",
  "2024-01-01T12:00:60Z",
  "24-01-01T12:00:00Z",
  "\uff12024-01-01T12:00:00Z",
  "2024-01-01T12:00:00.\u0663Z",
  " 2024-01-01T12:00:00Z",
  "2024-01-01T12:00:00Z\n",
  "2024-01-01TT12:00:00Z",
];

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** RFC 3339 date-times built by construction, with the instant they name. */
const dateTimes = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    dayFraction: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    fraction: fc.option(fc.stringMatching(/^[0-9]{1,40}$/), { nil: undefined }),
    isLowerCase: fc.boolean(),
    offset: fc.option(fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }), { nil: undefined }),
  })
  .map((p) => {
    const days = new Date(Date.UTC(2001, p.month, 0)).getUTCDate(); // 2001: no leap year
    const isLeap = p.year % 4 === 0 && (p.year % 100 !== 0 || p.year % 400 === 0);
    const day = 1 + Math.floor(p.dayFraction * (p.month === 2 && isLeap ? 29 : days));
    const date = `${pad(p.year, 4)}-${pad(p.month, 2)}-${pad(day, 2)}`;
    const time = `${pad(p.hour, 2)}:${pad(p.minute, 2)}:${pad(p.second, 2)}${p.fraction ? `.${p.fraction}` : ""}`;
    const zone =
      p.offset === undefined
        ? "Z"
        : `${p.offset < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(p.offset) / 60), 2)}:${pad(Math.abs(p.offset) % 60, 2)}`;
    const text = `${date}T${time}${zone}`;
    // The instant, computed apart: the local time less the offset (setUTCFullYear keeps years 0–99).
    const at = new Date(0);
    at.setUTCFullYear(p.year, p.month - 1, day);
    at.setUTCHours(p.hour, p.minute, p.second, Number((p.fraction ?? "").slice(0, 3).padEnd(3, "0")));
    const instant = at.getTime() - (p.offset ?? 0) * 60_000;
    return { text: p.isLowerCase ? text.toLowerCase() : text, instant };
  });

describe("RFC 3339 date-time", () => {
  it.each(LENIENT_DATE_TIMES)("refuses %j, which ajv-formats accepts: %s", (text) => {
    expect(ajvDateTime(text)).toBe(true);
    expect(isRfc3339DateTime(text)).toBe(false);
  });

  it.each(ALLOWED_DATE_TIMES)("accepts %j", (text) => {
    expect(isRfc3339DateTime(text)).toBe(true);
  });

  it.each(NOT_DATE_TIMES)("refuses %j", (text) => {
    expect(isRfc3339DateTime(text)).toBe(false);
  });

  it("accepts every form the grammar allows and reads the instant it names", () => {
    fc.assert(
      fc.property(dateTimes, ({ text, instant }) => {
        expect(isRfc3339DateTime(text)).toBe(true);
        expect(rfc3339Instant(text)).toBe(instant);
      }),
      { numRuns: 500 },
    );
  });

  it("accepts a leap second at the end of every month, in any offset, and reads it as 23:59:59.999 UTC", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1972, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
        (year, month, offset) => {
          const end = Date.UTC(year, month, 1) - 1000; // 23:59:59 UTC on the month's last day
          const local = new Date(end + offset * 60_000).toISOString().slice(0, 17);
          const zone = `${offset < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(offset) / 60), 2)}:${pad(Math.abs(offset) % 60, 2)}`;
          const text = `${local}60${zone}`;
          expect(rfc3339Instant(text), text).toBe(end + 999);
          // One minute earlier is no leap-second point.
          const early = new Date(end - 60_000 + offset * 60_000).toISOString().slice(0, 17);
          expect(isRfc3339DateTime(`${early}60${zone}`)).toBe(false);
        },
      ),
    );
  });
});

describe("RFC 3339 full-date and full-time", () => {
  it.each(LENIENT_TIMES)("refuses the time %j, which ajv-formats accepts: %s", (text) => {
    expect(ajvTime(text)).toBe(true);
    expect(isRfc3339Time(text)).toBe(false);
  });

  it("accepts times in every allowed form, a leap second where its UTC time is 23:59", () => {
    for (const text of ["12:00:00Z", "12:00:00z", "12:00:00.000001+05:30", "23:59:60Z", "00:59:60+01:00"])
      expect(isRfc3339Time(text), text).toBe(true);
    for (const text of ["12:00:60Z", "12:00:00", "1:00:00Z", "12:00:00+1:00"])
      expect(isRfc3339Time(text), text).toBe(false);
  });

  it("accepts calendar dates only", () => {
    for (const text of ["2024-02-29", "0000-02-29", "2023-12-31"])
      expect(isRfc3339Date(text), text).toBe(true);
    for (const text of ["2023-02-29", "2024-02-30", "2024-1-01", "20240101", "2024-01-01T00:00:00Z"])
      expect(isRfc3339Date(text), text).toBe(false);
  });
});
