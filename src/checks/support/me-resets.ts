/** What the `/me` reset checks read: `credential.resets` and the answer's `Date` (Limits rule 4). */
import { rfc3339Instant } from "../../contract/formats/rfc3339.js";
import type { Exchange } from "../../transport/exchange.js";
import { type JsonObject, objectAt } from "./json.js";
import { header } from "./response.js";

/** `credential.resets` of a 200 `/me`, when it is an object. */
export function resetsOf(x: Exchange): JsonObject | undefined {
  return x.operation === "me" && x.response?.status === 200
    ? objectAt(objectAt(x.response.json, "credential"), "resets")
    : undefined;
}

/** The response's `Date` header as epoch milliseconds, when it parses as an HTTP date. */
export function responseDate(x: Exchange): number | undefined {
  const value = header(x, "date");
  const ms = value === undefined ? Number.NaN : Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Each member of `credential.resets` that is an RFC 3339 date-time: its name, its text and its instant in ms. */
export function resetTimes(x: Exchange): { key: string; value: string; ms: number }[] {
  return Object.entries(resetsOf(x) ?? {}).flatMap(([key, value]) => {
    const ms = typeof value === "string" ? rfc3339Instant(value) : undefined;
    return ms === undefined ? [] : [{ key, value: value as string, ms }];
  });
}
