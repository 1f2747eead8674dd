/**
 * The string formats our schemas use, judged by their RFC grammars instead of ajv-formats' patterns where
 * those are more lenient. Registered on every ajv instance of the schema registry (registry-formats.ts), after
 * ajv-formats, so that `run`, `validate`, `load`, `proxy` and `certify-client` all judge by the same rules.
 *
 * Hand-written rather than taken from npm: the validators looked at (ajv-formats, @exodus/schemasafe,
 * @cfworker/json-schema for RFC 3339; @hapi/address and rfc-3986 for RFC 3986) each accept text their RFC
 * does not (a space for `T`, `+0100`, a lone `%` in a URI, a `,` in a scheme) or refuse text it allows
 * (fractions over 12 digits, `a:`, `http://`), and the grammars are short ABNF.
 */
import { isRfc3339Date, isRfc3339DateTime, isRfc3339Time } from "./rfc3339.js";
import { isRfc3986Uri } from "./rfc3986.js";
import { isUuid } from "./uuid.js";

/** Format name → its strict validator (JSON Schema 2020-12 §7.3 names each format's RFC). */
export const STRICT_FORMATS: Readonly<Record<string, (text: string) => boolean>> = {
  "date-time": isRfc3339DateTime,
  date: isRfc3339Date,
  time: isRfc3339Time,
  uri: isRfc3986Uri,
  uuid: isUuid,
};
