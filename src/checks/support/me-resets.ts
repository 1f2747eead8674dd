/** What the `/me` reset checks read: `credential.resets` and the answer's `Date` (Limits rule 4). */
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
