/** A key equal for two JSON values exactly when JSON Schema's `uniqueItems` calls them equal. */

/** The key of a JSON value (object keys sorted: `{a, b}` equals `{b, a}`). */
export function stableKey(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "undefined";
  if (Array.isArray(value)) return `[${value.map(stableKey).join(",")}]`;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableKey(v)}`).join(",")}}`;
}
