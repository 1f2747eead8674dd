/** Reading of RFC 3339 date-times (`as_of`) for the checks that compare them. */

/** Milliseconds since the epoch of an RFC 3339 date-time, or undefined when it does not parse as one. */
export function instant(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}[Tt]/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
