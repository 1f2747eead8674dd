/**
 * `--header NAME:VALUE`: a header every request carries, for gateways that need a tenant or routing header.
 * A header whose name looks like a credential (an API key, a token, a cookie) is a secret: its value joins the
 * command's keys in its `Redactor` (src/redactor.ts), so every output shows `<redacted>` for it, as for a key. Headers the harness sets or judges are refused.
 */
import { HarnessError } from "./errors.js";

/** One extra header, its name lower-cased. */
export interface ExtraHeader {
  name: string;
  value: string;
  /** Looks like a credential: its value is redacted from every output (`<redacted>`), as a key is. */
  isSecret: boolean;
}

/** A header as a caller gives it (`isSecret` is decided by `parseHeader`, from the name). */
export type HeaderInput = Pick<ExtraHeader, "name" | "value">;

/** `headers` parsed again, in order (a later one of a name replaces an earlier one): what resolvers keep. */
export function parseHeaders(headers: readonly HeaderInput[] = []): ExtraHeader[] {
  return headers.reduce<ExtraHeader[]>((all, h) => parseHeader(`${h.name}:${h.value}`, all), []);
}

/** Names that carry credentials in the headers gateways use (`X-Api-Key`, `X-Auth-Token`, `Cookie`, …). */
const CREDENTIAL = /auth|token|key|secret|passw|session|cookie|credential|signature|csrf|xsrf|jwt/i;

/** The harness sets these (the key, the body framing) or judges them (content type and coding): not overridable. */
const RESERVED = new Set([
  "authorization",
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "content-type",
  "accept",
  "accept-encoding",
]);

/** A header field name (RFC 9110 §5.6.2 token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Parses one `NAME:VALUE` (repeatable: appended to `previous`); throws `CB_USAGE` on a bad one. */
export function parseHeader(text: string, previous: readonly ExtraHeader[] = []): ExtraHeader[] {
  const at = text.indexOf(":");
  const name = (at < 0 ? text : text.slice(0, at)).trim().toLowerCase();
  const value = at < 0 ? "" : text.slice(at + 1).trim();
  // The value is not quoted back: it may be a credential, and so may the whole text when it has no colon.
  if (at < 0) throw new HarnessError("CB_USAGE", "--header must be NAME:VALUE, got no colon");
  if (!TOKEN.test(name))
    throw new HarnessError("CB_USAGE", `--header must be NAME:VALUE with a header name, got "${name}"`);
  if (RESERVED.has(name))
    throw new HarnessError(
      "CB_USAGE",
      `--header ${name}: cbcheck sets this header itself (the key comes from --api-key-env)`,
    );
  if (/[\r\n\0]/.test(value))
    throw new HarnessError("CB_USAGE", `--header ${name}: the value has a line break`);
  return [...previous.filter((h) => h.name !== name), { name, value, isSecret: CREDENTIAL.test(name) }];
}

/** The values of the secret headers: what every output redacts. */
export function headerSecrets(headers: readonly ExtraHeader[]): string[] {
  return headers.filter((h) => h.isSecret && h.value !== "").map((h) => h.value);
}
