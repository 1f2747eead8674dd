/** `as_of` for entity reads: an RFC 3339 date-time (Endpoints / GET /entities/{id}: "string, date-time"). */
import fc from "fast-check";

/** Fixed bounds keep runs repeatable from a seed (no clock). */
const EARLIEST = new Date("2000-01-01T00:00:00.000Z");
const LATEST = new Date("2025-12-31T23:59:59.999Z");

/** Date-times in UTC with milliseconds, e.g. `2019-05-04T10:11:12.345Z`. */
export function asOf(): fc.Arbitrary<string> {
  return fc.date({ min: EARLIEST, max: LATEST, noInvalidDate: true }).map((d) => d.toISOString());
}
