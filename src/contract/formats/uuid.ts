/**
 * The textual form of a UUID, RFC 9562 §4 (as RFC 4122 §3 before it): 32 hex digits in groups of 8-4-4-4-12,
 * either case ("case insensitive on input"), any version and variant (the nil and max UUIDs included).
 * Stricter than ajv-formats, which also takes the URN form `urn:uuid:…` (RFC 9562 §4 names that a URN of the
 * UUID, not its string representation).
 */
const UUID_RE = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** Whether `text` is a UUID in its RFC 9562 textual form (JSON Schema `uuid`). */
export function isUuid(text: string): boolean {
  return UUID_RE.test(text);
}
