/**
 * RFC 3339 §5.6 timestamps, by its ABNF and the §5.7 restrictions: `full-date`, `full-time` and
 * `date-time`, as JSON Schema's `date`, `time` and `date-time` formats name them. Stricter than
 * ajv-formats, which also takes a space (or any Unicode white space) for the `T`, offsets without a colon or
 * without minutes, and a second 60 outside 23:59 UTC on a month's last day (see rfc3339.test.ts).
 */

// ABNF strings are case-insensitive (RFC 5234 §2.3; RFC 3339 §5.6 NOTE): `t` and `z` are as good as `T`, `Z`.
// DIGIT is 0-9 only; `secfrac` has no length limit.
const DATE = String.raw`(\d{4})-(\d{2})-(\d{2})`;
const TIME = String.raw`(\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))`;
const DATE_TIME_RE = new RegExp(`^${DATE}[Tt]${TIME}$`);
const DATE_RE = new RegExp(`^${DATE}$`);
const TIME_RE = new RegExp(`^${TIME}$`);

const MINUTE_MS = 60_000;

/** Days in `month` (1–12) of `year` (RFC 3339 §5.7 and Appendix C: the Gregorian leap-year rule). */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isDateValid(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The parts of a `full-time` match, from the index of its hour group. */
interface TimeParts {
  hour: number;
  minute: number;
  second: number;
  fraction: string;
  /** Offset east of UTC in minutes (0 for `Z` and for `-00:00`). */
  offsetMinutes: number;
  isOffsetValid: boolean;
}

function timeParts(m: RegExpExecArray, at: number): TimeParts {
  const [hour, minute, second] = [m[at], m[at + 1], m[at + 2]].map(Number);
  const sign = m[at + 4] === "-" ? -1 : 1;
  const [oh, om] = m[at + 4] === undefined ? [0, 0] : [Number(m[at + 5]), Number(m[at + 6])];
  return {
    hour,
    minute,
    second,
    fraction: m[at + 3] ?? "",
    offsetMinutes: sign * (oh * 60 + om),
    isOffsetValid: oh <= 23 && om <= 59,
  };
}

/** Whether the fields of a partial time and offset are in range, a second 60 aside. */
function isTimeInRange(t: TimeParts): boolean {
  return t.isOffsetValid && t.hour <= 23 && t.minute <= 59 && t.second <= 60;
}

/** The UTC instant (ms) of a date and time with its offset, the seconds and fraction left out. */
function utcMinuteMs(year: number, month: number, day: number, t: TimeParts): number {
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(t.hour, t.minute, 0, 0);
  return d.getTime() - t.offsetMinutes * MINUTE_MS;
}

/**
 * §5.7: "time-second may have the value 60 at the end of months in which a leap second occurs" — at 23:59
 * UTC on a month's last day (the point shifted by the zone offset). Which months had one is a table that
 * grows (Appendix D); any month's end is accepted, so a leap second announced later is no false alarm.
 */
function isLeapSecondPoint(utcMinute: number): boolean {
  const d = new Date(utcMinute);
  const next = new Date(utcMinute + MINUTE_MS);
  return d.getUTCHours() === 23 && d.getUTCMinutes() === 59 && next.getUTCDate() === 1;
}

/** Whether `text` is an RFC 3339 `full-date` (JSON Schema `date`). */
export function isRfc3339Date(text: string): boolean {
  const m = DATE_RE.exec(text);
  return m !== null && isDateValid(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * Whether `text` is an RFC 3339 `full-time` (JSON Schema `time`). Without a date, a second 60 is accepted
 * wherever its UTC time is 23:59 (the month's end cannot be known).
 */
export function isRfc3339Time(text: string): boolean {
  const m = TIME_RE.exec(text);
  if (m === null) return false;
  const t = timeParts(m, 1);
  if (!isTimeInRange(t)) return false;
  if (t.second < 60) return true;
  const utc = (((t.hour * 60 + t.minute - t.offsetMinutes) % 1440) + 1440) % 1440;
  return utc === 23 * 60 + 59;
}

/** The epoch milliseconds of an RFC 3339 `date-time`, or undefined when `text` is not one. */
export function rfc3339Instant(text: string): number | undefined {
  const m = DATE_TIME_RE.exec(text);
  if (m === null) return undefined;
  const [year, month, day] = [m[1], m[2], m[3]].map(Number);
  const t = timeParts(m, 4);
  if (!isDateValid(year, month, day) || !isTimeInRange(t)) return undefined;
  const minute = utcMinuteMs(year, month, day, t);
  if (t.second === 60 && !isLeapSecondPoint(minute)) return undefined;
  // POSIX time has no leap second: 23:59:60.x is read as the last millisecond of 23:59:59.
  const millis = Number(t.fraction.slice(1, 4).padEnd(3, "0"));
  return minute + (t.second === 60 ? 59_999 : t.second * 1000 + millis);
}

/** Whether `text` is an RFC 3339 `date-time` (JSON Schema `date-time`). */
export function isRfc3339DateTime(text: string): boolean {
  return rfc3339Instant(text) !== undefined;
}
