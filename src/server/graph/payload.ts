/**
 * A payload under construction, shared by the org payload and its main-unit fields (own file, so that neither
 * imports the other).
 */

/** A payload being built: field name → value. */
export type Payload = Record<string, unknown>;

/** Sets a field unless the value is `undefined` (absent = unknown). */
export function put(p: Payload, key: string, value: unknown): void {
  if (value !== undefined) p[key] = value;
}
